import { describe, expect, it } from 'vitest';
import {
  getActionLink,
  getContinueUrl,
  getLinkEmail,
  isSignInLink,
  withoutQueryString,
} from './action-link';

const origin = 'https://ops.example.org';

describe('getActionLink and isSignInLink', () => {
  it('recognise a sign-in link by mode=signIn and an oobCode', () => {
    const href = `${origin}/members/m1?mode=signIn&oobCode=abc123`;
    expect(getActionLink(href)).toEqual({ mode: 'signIn', code: 'abc123' });
    expect(isSignInLink(href)).toBe(true);
  });

  it('recognise a password-reset link, which is not a sign-in link', () => {
    const href = `${origin}/?oobCode=xyz&mode=resetPassword`;
    expect(getActionLink(href)).toEqual({ mode: 'resetPassword', code: 'xyz' });
    expect(isSignInLink(href)).toBe(false);
  });

  it('read a path with its query string too', () => {
    expect(getActionLink('/?mode=resetPassword&oobCode=R1')).toEqual({
      mode: 'resetPassword',
      code: 'R1',
    });
  });

  it.each([
    ['no query string', `${origin}/members`],
    ['a mode without code', `${origin}/?mode=signIn`],
    ['an empty code', `${origin}/?mode=signIn&oobCode=`],
    ['a code without mode', `${origin}/?oobCode=abc`],
    ['an unknown mode', `${origin}/?mode=verifyEmail&oobCode=abc`],
    ['a mode of the wrong case', `${origin}/?mode=signin&oobCode=abc`],
  ])('see no link in an address with %s', (_case, href) => {
    expect(getActionLink(href)).toBeNull();
    expect(isSignInLink(href)).toBe(false);
  });
});

describe('getLinkEmail', () => {
  it('reads the e-mail a terminal link names (issue 20), and nothing from other links', () => {
    expect(getLinkEmail(`${origin}/?email=ada%40example.org&mode=signIn&oobCode=abc`)).toBe(
      'ada@example.org',
    );
    expect(getLinkEmail(`${origin}/?mode=signIn&oobCode=abc`)).toBeNull();
    expect(getLinkEmail(`${origin}/?email=&mode=signIn&oobCode=abc`)).toBeNull();
  });
});

describe('withoutQueryString', () => {
  it('keeps the path and the hash and drops the whole query string', () => {
    expect(withoutQueryString(`${origin}/invoices/i1?mode=signIn&oobCode=abc&tab=2#lines`)).toBe(
      '/invoices/i1#lines',
    );
    expect(withoutQueryString(`${origin}/?mode=signIn&oobCode=abc`)).toBe('/');
  });
});

describe('getContinueUrl', () => {
  it('is the current page without a used link, keeping its other parameters', () => {
    expect(getContinueUrl(`${origin}/members?q=acme&mode=signIn&oobCode=old#top`)).toBe(
      `${origin}/members?q=acme`,
    );
    expect(getContinueUrl(`${origin}/users/u1`)).toBe(`${origin}/users/u1`);
  });
});
