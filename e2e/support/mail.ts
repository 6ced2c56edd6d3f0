import fs from 'node:fs';
import path from 'node:path';

/** An attachment as the mailbox filed it: its name, type, size and first five bytes. */
export type ReceivedAttachment = {
  filename: string | null;
  contentType: string;
  size: number;
  head: string;
};

type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
};

const mailDir = () => path.join(process.env.E2E_DATA_PARENT ?? '', 'mail');

function readAll(): ReceivedMail[] {
  if (!fs.existsSync(mailDir())) return [];
  return fs
    .readdirSync(mailDir())
    .filter((file) => file.endsWith('.json')) // not a message still being written (.part)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(mailDir(), file), 'utf8')) as ReceivedMail);
}

/** How many messages this address has received so far. */
export function countMail(to: string): number {
  return readAll().filter((mail) => mail.to.includes(to)).length;
}

/** The next message to `to` after the first `after` ones, as the SMTP server received it. */
export async function waitForMail(to: string, after: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readAll().filter((entry) => entry.to.includes(to))[after];
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`);
}

/**
 * The first message to `to` whose text mentions `about` (an application's name, a number): for an
 * address other tests write to as well, such as a national association's contacts.
 */
export async function waitForMailAbout(to: string, about: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readAll().find((entry) => entry.to.includes(to) && entry.text.includes(about));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${to} about ${about} arrived within ${timeoutMs} ms`);
}

/** The first link of a message. */
export function linkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in: ${mail.text}`);
  return match[0];
}
