import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { actionLinkParams } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getServerSecret } from '../lib/server-secrets';

/**
 * The secret of a sign-in or password-reset e-mail never rests in clear. The outbox row keeps
 * the message with `oobCode=[redacted]` where the link's code was, which is what the e-mail log
 * shows every operator, and the code itself sealed with the outbox key (AES-256-GCM, bound to the
 * e-mail's id so a sealed code opens only in its own message). The delivery worker alone opens
 * it, in memory, as the message leaves.
 */
export const redactedSecret = '[redacted]';

/** The redacted form of the code parameter, as stored in the bodies. */
export const redactedCodeParam = `${actionLinkParams.code}=${redactedSecret}`;

/**
 * An endorsement link (issue 34) carries its token as the path, `PORTAL_URL/endorse/<token>`:
 * sealed the same way, stored as `/endorse/[redacted]`.
 */
export const endorsementLinkPath = '/endorse/';
const redactedEndorsementPath = `${endorsementLinkPath}${redactedSecret}`;

/** The token of an endorsement link's URL, or null when it is not one. */
export function endorsementTokenOf(url: URL): string | null {
  const match = /^\/endorse\/([A-Za-z0-9_-]{16,})$/.exec(url.pathname);
  return match?.[1] ?? null;
}

/** How the code stands in its link: the sign-in parameter, or an endorsement link's path. */
function codeParam(code: string, link: string | undefined): string {
  const path = `${endorsementLinkPath}${code}`;
  return link?.endsWith(path) ? path : `${actionLinkParams.code}=${code}`;
}

const algorithm = 'aes-256-gcm';
const ivBytes = 12;
const tagBytes = 16;

/** Every instance seals and opens with the same key, kept in `server_secrets`. */
export function getOutboxKey(db: Kysely<Database>): Promise<Buffer> {
  return getServerSecret(db, 'outbox-secrets');
}

/** `iv.tag.ciphertext`, each base64url; the e-mail id is the additional authenticated data. */
export function sealSecret(key: Buffer, eid: string, secret: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(eid, 'utf8'));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The secret sealed for this e-mail; throws when it was tampered with or sealed for another. */
export function openSecret(key: Buffer, eid: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('The sealed secret is malformed.');
  const decipher = createDecipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  decipher.setAAD(Buffer.from(eid, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/**
 * The text with the link's code replaced by `[redacted]`. The code must appear, and only as the
 * link's parameter: a message that carried it anywhere else would leak it into the log. With
 * `link` (the console's own sign-in URL that carries the code), the code may appear only inside
 * that exact link, as text or escaped in HTML: the last check before a message is queued that no
 * template wrapped it in another address (issue 31; `email-templates/guarded-links.ts` is the
 * first).
 */
export function redactCode(text: string, code: string, link?: string): string {
  const param = codeParam(code, link);
  if (!text.includes(param)) {
    throw new Error('A secret-bearing e-mail must carry its code as the link parameter.');
  }
  if (link !== undefined) {
    const escaped = link.replaceAll('&', '&amp;');
    for (const at of occurrencesOf(text, code)) {
      // Inside the whole link, which starts the address: at the start, after white space, a
      // bracket, a tag's end or an attribute's opening quote, never after another address.
      const inLink = [link, escaped].some((form) => {
        const offset = form.indexOf(code);
        const start = at - offset;
        return (
          offset !== -1 &&
          text.startsWith(form, start) &&
          (start === 0 || /[\s<(>"]/.test(text.charAt(start - 1)))
        );
      });
      if (!inLink)
        throw new Error("A secret-bearing e-mail carries its code outside the console's link.");
    }
  }
  const redacted = text.replaceAll(param, param.replace(code, redactedSecret));
  if (redacted.includes(code)) {
    throw new Error('A secret-bearing e-mail carries its code outside the link.');
  }
  return redacted;
}

/** The stored (redacted) text with the code put back, for the message that leaves. */
export function revealCode(text: string, code: string): string {
  return text
    .replaceAll(redactedCodeParam, `${actionLinkParams.code}=${code}`)
    .replaceAll(redactedEndorsementPath, `${endorsementLinkPath}${code}`);
}

function occurrencesOf(text: string, token: string): number[] {
  const positions: number[] = [];
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + token.length)) {
    positions.push(at);
  }
  return positions;
}
