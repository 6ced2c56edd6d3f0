import { ZEmail } from '@ops/contract';
import { describe, expect, it } from 'vitest';
import {
  normalizeEmail,
  validateEmail,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirmation,
} from './validation';

describe('validateEmail', () => {
  it('requires an e-mail', () => {
    expect(validateEmail('')).toBe('Enter your email address.');
    expect(validateEmail('   ')).toBe('Enter your email address.');
  });

  it('accepts a valid address, ignoring surrounding spaces', () => {
    expect(validateEmail('ada@example.org')).toBeNull();
    expect(validateEmail('  first.last+ops@mail.example.co.uk ')).toBeNull();
    expect(normalizeEmail('  ada@example.org ')).toBe('ada@example.org');
  });

  it.each(['ada', 'ada@', '@example.org', 'ada@example', 'ada @example.org', 'ada@@example.org'])(
    'refuses %j with a sentence',
    (value) => {
      expect(validateEmail(value)).toMatch(/valid email address/);
    },
  );

  it.each([
    'ada@example.org',
    'A.B@Example.ORG',
    'x@y.io',
    'ada@example',
    'a..b@example.org',
    '.ada@example.org',
    'ada@-example.org',
    'ada@example.o',
  ])('agrees with the server on %j', (value) => {
    expect(validateEmail(value) === null).toBe(ZEmail.safeParse(value).success);
  });
});

describe('validatePassword (sign-in form, spec §5)', () => {
  it('requires a password of at least 6 characters', () => {
    expect(validatePassword('')).toBe('Enter your password.');
    expect(validatePassword('12345')).toBe('Password should be at least 6 characters.');
    expect(validatePassword('123456')).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it('asks for 12 characters and says how many there are', () => {
    expect(validateNewPassword('')).toBe('Choose a new password.');
    expect(validateNewPassword('short pass!')).toBe(
      'Use at least 12 characters (this one has 11).',
    );
    expect(validateNewPassword('twelve chars')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateNewPassword('🔑🔑🔑🔑🔑🔑')).toMatch(/this one has 6/);
  });
});

describe('validatePasswordConfirmation', () => {
  it('requires the same password twice', () => {
    expect(validatePasswordConfirmation('correct horse', '')).toBe('Repeat the new password.');
    expect(validatePasswordConfirmation('correct horse', 'correct house')).toBe(
      'The two passwords do not match.',
    );
    expect(validatePasswordConfirmation('correct horse', 'correct horse')).toBeNull();
  });
});
