import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An opaque 20-character record id (about 119 bits), the shape of a document id. */
export function newId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += alphabet[randomInt(alphabet.length)];
  return id;
}
