import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { areas } from './screens';

describe('paths.getHref', () => {
  it('builds the named routes of the spec', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.applications.getHref()).toBe('/applications');
    expect(paths.members.getHref()).toBe('/members');
    expect(paths.certificates.getHref()).toBe('/certificates');
    expect(paths.invoices.getHref()).toBe('/invoices');
    expect(paths.stripeInvoices.getHref()).toBe('/stripe-invoices');
    expect(paths.users.getHref()).toBe('/users');
    expect(paths.emails.getHref()).toBe('/emails');
    expect(paths.settings.getHref()).toBe('/settings');
    expect(paths.user.getHref({ uid: 'u1' })).toBe('/users/u1');
    expect(paths.application.getHref({ aid: 'a1' })).toBe('/applications/a1');
    expect(paths.member.getHref({ mid: 'm1' })).toBe('/members/m1');
    expect(paths.invoice.getHref({ iid: 'i1' })).toBe('/invoices/i1');
  });

  it('builds the other details, including the absolute /countries', () => {
    expect(paths.bankAccount.getHref({ id: 'b1' })).toBe('/settings/bank-accounts/b1');
    expect(paths.country.getHref({ iso2: 'CH' })).toBe('/countries/CH');
    expect(paths.email.getHref({ eid: 'e1' })).toBe('/emails/e1');
  });

  it('encodes parameters so an id cannot change the path', () => {
    expect(paths.member.getHref({ mid: 'a/b c' })).toBe('/members/a%2Fb%20c');
    expect(paths.invoice.getHref({ iid: '2024#1?x=1' })).toBe('/invoices/2024%231%3Fx%3D1');
    expect(paths.user.getHref({ uid: 'ü' })).toBe('/users/%C3%BC');
  });

  it('types the parameters each path needs', () => {
    // @ts-expect-error a detail needs its id
    expect(() => paths.member.getHref()).toThrow();
    // @ts-expect-error the parameter is named mid, not id
    expect(() => paths.member.getHref({ id: 'm1' })).toThrow();
    // A list takes no parameters.
    expect(paths.members.getHref()).toBe('/members');
  });

  it('has one path per declared screen with a URL (no two screens share a name)', () => {
    const declared = Object.values(areas).flatMap((area) =>
      Object.values(area.screens).filter((screen) => screen.path !== undefined),
    );
    expect(Object.keys(paths)).toHaveLength(declared.length);
  });
});
