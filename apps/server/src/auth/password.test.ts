import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password';

describe('password policy', () => {
  it('refuses passwords shorter than 12 characters', () => {
    expect(passwordProblem('Sh0rt!pass')).toBe('must be at least 12 characters long');
  });

  it('refuses common passwords even when long enough', () => {
    expect(passwordProblem('password1234')).toMatch(/commonly used|too easy to guess/);
    expect(passwordProblem('qwertyuiop123')).toMatch(/commonly used|too easy to guess/);
  });

  it('refuses a password made of the e-mail address', () => {
    expect(passwordProblem('anna.keller2024', 'anna.keller@example.org')).toMatch(
      /too easy to guess|commonly used/,
    );
  });

  it('accepts a long, unusual passphrase', () => {
    expect(passwordProblem('harbour-crane-velvet-94', 'anna@example.org')).toBeNull();
  });
});

describe('password hashing', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const stored = await hashPassword('harbour-crane-velvet-94');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'harbour-crane-velvet-94')).toBe(true);
    expect(await verifyPassword(stored, 'harbour-crane-velvet-95')).toBe(false);
  });
});
