import { describe, expect, it } from 'vitest';
import {
  getEmailForSignIn,
  getRememberedEmail,
  rememberEmail,
  setEmailForSignIn,
  type KeyValueStorage,
} from './storage';

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('local storage of e-mails (spec §3)', () => {
  it("remembers the e-mail under 'email'", () => {
    const storage = memoryStorage();
    expect(getRememberedEmail(storage)).toBeNull();
    rememberEmail('ada@example.org', storage);
    expect(storage.entries.get('email')).toBe('ada@example.org');
    expect(getRememberedEmail(storage)).toBe('ada@example.org');
  });

  it("keeps the e-mail awaiting a link under 'emailForSignIn' and removes it", () => {
    const storage = memoryStorage();
    setEmailForSignIn('ada@example.org', storage);
    expect(storage.entries.get('emailForSignIn')).toBe('ada@example.org');
    expect(getEmailForSignIn(storage)).toBe('ada@example.org');
    setEmailForSignIn(null, storage);
    expect(storage.entries.has('emailForSignIn')).toBe(false);
    expect(getEmailForSignIn(storage)).toBeNull();
  });

  it('goes on without storage, or with a storage that throws', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberEmail('ada@example.org', throwing)).not.toThrow();
    expect(getRememberedEmail(throwing)).toBeNull();
    expect(getEmailForSignIn(null)).toBeNull();
    expect(() => setEmailForSignIn(null, null)).not.toThrow();
  });
});
