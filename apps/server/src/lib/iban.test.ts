import { describe, expect, it } from 'vitest';
import {
  buildCreditorReference,
  buildIban,
  buildQrReference,
  buildSwissIban,
  ibanCheckDigits,
  isQrIban,
  isValidCreditorReference,
  isValidIban,
  isValidQrReference,
} from './iban';

describe('IBAN', () => {
  it('accepts published valid IBANs and rejects a changed digit', () => {
    // Examples from the Swiss (SIX) and ECBS documentation.
    for (const iban of [
      'CH9300762011623852957',
      'DE89370400440532013000',
      'GB82WEST12345698765432',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
    expect(isValidIban('CH93 0076 2011 6238 5295 7')).toBe(true);
    expect(isValidIban('CH9300762011623852958')).toBe(false);
    expect(isValidIban('CH9400762011623852957')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });

  it('computes the check digits of the published examples', () => {
    expect(ibanCheckDigits('CH', '00762011623852957')).toBe('93');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(buildIban('GB', 'WEST12345698765432')).toBe('GB82WEST12345698765432');
  });

  it('builds Swiss IBANs that pass the mod-97 check, QR-IBANs by their IID', () => {
    for (const account of ['1', '000482915201', '999999999999', 'ABC123']) {
      const iban = buildSwissIban('04835', account);
      expect(iban).toMatch(/^CH\d{2}04835[0-9A-Z]{12}$/);
      expect(isValidIban(iban)).toBe(true);
      expect(isQrIban(iban)).toBe(false);
      expect(isQrIban(buildSwissIban('30835', account))).toBe(true);
    }
    expect(isQrIban('CH4431999123000889012')).toBe(true);
    expect(isValidIban('CH4431999123000889012')).toBe(true);
  });
});

describe('payment references', () => {
  it('builds QR references with the modulo 10 recursive check digit', () => {
    // The example reference of the Swiss QR-bill implementation guidelines.
    expect(buildQrReference('21000000000313947143000901')).toBe('210000000003139471430009017');
    expect(isValidQrReference('210000000003139471430009017')).toBe(true);
    expect(isValidQrReference('210000000003139471430009018')).toBe(false);
    expect(buildQrReference('42')).toMatch(/^0{24}42\d$/);
  });

  it('builds ISO 11649 creditor references', () => {
    expect(buildCreditorReference('539007547034')).toBe('RF18539007547034');
    expect(isValidCreditorReference('RF18539007547034')).toBe(true);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
  });
});
