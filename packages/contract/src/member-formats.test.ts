import { describe, expect, it } from 'vitest';
import { formatMemberDay, formatMemberMoney, formatMemberReference } from './member-formats';

/** Intl's spaces between code and number (no-break, narrow no-break) as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe("the members' formats (issue 32: a French reminder read EUR 1,015.00, 2026-02-05)", () => {
  it("writes amounts in the recipient's locale, exactly from minor units", () => {
    expect(plain(formatMemberMoney(101_500, 'EUR', 'en'))).toBe('EUR 1,015.00');
    expect(plain(formatMemberMoney(101_500, 'EUR', 'fr'))).toBe('1 015.00 EUR');
    expect(plain(formatMemberMoney('101500', 'EUR', 'de'))).toMatch(/^EUR 1['’]015\.00$/);
    expect(plain(formatMemberMoney(101_500, 'EUR', 'es'))).toBe('1015,00 EUR');
    expect(plain(formatMemberMoney(1_500, 'JPY', 'en'))).toBe('JPY 1,500');
    // Beyond a float's exact range: still to the centime.
    expect(plain(formatMemberMoney('900719925474099312', 'CHF', 'en'))).toBe(
      'CHF 9,007,199,254,740,993.12',
    );
  });

  it('writes days out in the language', () => {
    expect(formatMemberDay('2026-02-05', 'en')).toBe('5 February 2026');
    expect(formatMemberDay('2026-02-05', 'fr')).toBe('5 février 2026');
    expect(formatMemberDay('2026-02-05', 'de')).toBe('5. Februar 2026');
    expect(formatMemberDay('2026-02-05', 'es')).toBe('5 de febrero de 2026');
  });

  it('groups payment references as the QR-bill prints them', () => {
    expect(formatMemberReference('210000000003139471430009017')).toBe(
      '21 00000 00003 13947 14300 09017',
    );
    expect(formatMemberReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatMemberReference('INV-42')).toBe('INV-42');
  });
});
