import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Mailbox = {
  /** smtp://127.0.0.1:<port> of the real SMTP server the test started. */
  url: string;
  messages: ParsedMail[];
  /** The first message to this address that arrives (or has arrived), within `timeoutMs`. */
  waitFor(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ParsedMail>;
  close(): Promise<void>;
};

export function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase() ?? ''));
}

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export async function startMailbox(
  options: { onMessage?: (mail: ParsedMail, to: string[]) => void } = {},
): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          options.onMessage?.(mail, recipients(mail));
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, options = {}) {
      const after = options.after ?? 0;
      const find = () =>
        messages.slice(after).find((mail) => recipients(mail).includes(to.toLowerCase()));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const wake = () => {
          const mail = find();
          if (!mail) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No e-mail to ${to} arrived within ${options.timeoutMs ?? 10_000} ms`));
        }, options.timeoutMs ?? 10_000);
        waiters.add(wake);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text. */
export function firstLink(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`No link in: ${mail.text}`);
  return new URL(match[0]);
}
