import { randomBytes } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another (no I, O, 0, 1). */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const codeLength = 16;

/**
 * A new public verification code: 16 characters of a 32-letter alphabet (80 random bits from
 * the operating system's CSPRNG), grouped by four: `7QKM-2XPD-HF9R-WC4T`. Unguessable; its
 * uniqueness is checked by the database (a unique index).
 */
export function newVerificationCode(): string {
  const bytes = randomBytes(codeLength);
  let code = '';
  for (const byte of bytes) code += alphabet[byte & 31];
  return groupByFour(code);
}

function groupByFour(text: string): string {
  return text.match(/.{1,4}/g)?.join('-') ?? text;
}

/**
 * A code as a person may type or a scanner may pass it (lower case, spaces, no dashes) in its
 * stored form; null when it cannot be a code (wrong letters or length).
 */
export function normalizeVerificationCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length < 12 || compact.length > 20) return null;
  for (const letter of compact) if (!alphabet.includes(letter)) return null;
  return groupByFour(compact);
}
