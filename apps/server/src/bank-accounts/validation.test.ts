import { describe, expect, it } from 'vitest';
import { bankAccountIssues, normalizeCode, normalizeOptionalCode } from './validation';

const swissIban = 'CH9300762011623852957';
const swissQrIban = 'CH4431999123000889012';
const germanIban = 'DE89370400440532013000';

const rulesOf = (codes: Parameters<typeof bankAccountIssues>[0]) =>
  bankAccountIssues(codes).map((issue) => `${issue.path}:${issue.rule}`);

describe('bank account validation', () => {
  it('normalizes IBANs and BICs as people type them', () => {
    expect(normalizeCode('ch93 0076 2011 6238 5295 7')).toBe(swissIban);
    expect(normalizeCode(' CH44-3199-9123-0008-8901-2 ')).toBe(swissQrIban);
    expect(normalizeOptionalCode('  ')).toBeNull();
    expect(normalizeOptionalCode(null)).toBeNull();
    expect(normalizeOptionalCode('ubswchzh80a')).toBe('UBSWCHZH80A');
  });

  it('accepts real IBANs, a Swiss QR-IBAN beside a normal one, and BICs of 8 and 11', () => {
    expect(
      rulesOf({ iban: swissIban, qrIban: swissQrIban, bic: 'UBSWCHZH80A', currency: 'CHF' }),
    ).toEqual([]);
    expect(rulesOf({ iban: germanIban, qrIban: null, bic: 'COBADEFF', currency: 'EUR' })).toEqual(
      [],
    );
    expect(rulesOf({ iban: 'GB82WEST12345698765432', currency: 'GBP' })).toEqual([]);
  });

  it('names the broken rule of a bad IBAN', () => {
    expect(rulesOf({ iban: 'CH9300762011623852958' })).toEqual(['body.iban:iban-checksum']);
    expect(rulesOf({ iban: 'CH93007620116238529' })).toEqual(['body.iban:iban-length']);
    expect(rulesOf({ iban: 'QQ9300762011623852957' })).toEqual(['body.iban:iban-country']);
    expect(rulesOf({ iban: 'CHXX00762011623852957' })).toEqual(['body.iban:iban-format']);
  });

  it('refuses a QR-IBAN as the normal IBAN, and a normal IBAN as the QR-IBAN', () => {
    expect(rulesOf({ iban: swissQrIban })).toEqual(['body.iban:qr-iban-not-allowed']);
    expect(rulesOf({ iban: swissIban, qrIban: swissIban })).toEqual(['body.qrIban:qr-iban']);
    // A German IBAN whose 5th to 9th characters happen to read 30000-31999 is no QR-IBAN.
    expect(rulesOf({ iban: swissIban, qrIban: 'DE02300209000106531065' })).toEqual([
      'body.qrIban:qr-iban',
    ]);
    expect(rulesOf({ iban: swissIban, qrIban: 'CH4431999123000889013' })).toEqual([
      'body.qrIban:iban-checksum',
    ]);
  });

  it('keeps QR-IBANs to CHF and EUR accounts', () => {
    expect(rulesOf({ iban: swissIban, qrIban: swissQrIban, currency: 'EUR' })).toEqual([]);
    expect(rulesOf({ iban: swissIban, qrIban: swissQrIban, currency: 'USD' })).toEqual([
      'body.qrIban:qr-currency',
    ]);
  });

  it('checks BIC and currency', () => {
    expect(rulesOf({ bic: 'UBSW' })).toEqual(['body.bic:bic-country']);
    expect(rulesOf({ bic: 'UBSWQQZH' })).toEqual(['body.bic:bic-country']);
    expect(rulesOf({ bic: 'UBSWCHZH8' })).toEqual(['body.bic:bic-format']);
    expect(rulesOf({ currency: 'XYZ' })).toEqual(['body.currency:currency']);
    expect(rulesOf({ currency: 'CHF' })).toEqual([]);
  });
});
