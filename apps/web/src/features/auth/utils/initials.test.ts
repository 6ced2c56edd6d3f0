import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';

describe('getInitials', () => {
  it('takes the first and last word of the display name', () => {
    expect(getInitials('Ada King Lovelace', 'ada@example.org')).toBe('AL');
    expect(getInitials('  grace   hopper ', 'g@example.org')).toBe('GH');
  });

  it('takes one letter of a one-word name', () => {
    expect(getInitials('Cher', 'c@example.org')).toBe('C');
  });

  it('falls back to the e-mail without a name', () => {
    expect(getInitials(null, 'zoe@example.org')).toBe('Z');
    expect(getInitials('   ', 'émile@example.org')).toBe('É');
  });

  it('never gives an empty string', () => {
    expect(getInitials(null, '')).toBe('?');
  });
});
