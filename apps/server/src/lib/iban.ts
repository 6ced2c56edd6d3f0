/**
 * Check digits of the payment identifiers the demo invoices carry: IBAN (ISO 13616, mod 97),
 * Swiss QR reference (mod 10 recursive) and creditor reference (ISO 11649, mod 97). Demo bank
 * accounts must pass the same validation as real ones, or the QR-bill code rejects them.
 */

/** Letters count as 10..35, as both ISO 13616 and ISO 11649 define. */
function lettersToDigits(text: string): string {
  let out = '';
  for (const char of text.toUpperCase()) {
    const code = char.charCodeAt(0);
    out += code >= 65 && code <= 90 ? String(code - 55) : char;
  }
  return out;
}

/** The remainder of a long decimal string divided by 97, in chunks that stay exact in a double. */
export function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  }
  return remainder;
}

export function ibanCheckDigits(countryCode: string, bban: string): string {
  const remainder = mod97(lettersToDigits(`${bban}${countryCode}00`));
  return String(98 - remainder).padStart(2, '0');
}

/** An electronic-format IBAN (no spaces) from its country and BBAN. */
export function buildIban(countryCode: string, bban: string): string {
  return `${countryCode}${ibanCheckDigits(countryCode, bban)}${bban}`;
}

export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(lettersToDigits(`${compact.slice(4)}${compact.slice(0, 4)}`)) === 1;
}

/**
 * A Swiss (or Liechtenstein) IBAN: 5-digit institution id (IID) and 12-character account. An IID
 * from 30000 to 31999 makes it a QR-IBAN, which only accepts QR references.
 */
export function buildSwissIban(iid: string, account: string, countryCode: 'CH' | 'LI' = 'CH') {
  if (!/^\d{5}$/.test(iid)) throw new Error(`IID must be 5 digits: ${iid}`);
  return buildIban(countryCode, `${iid}${account.padStart(12, '0')}`);
}

export function isQrIban(iban: string): boolean {
  const iid = Number(iban.replace(/\s+/g, '').slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

const mod10Table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit of a Swiss QR reference (ISR/ESR "modulo 10 recursive"). */
export function qrReferenceCheckDigit(digits: string): number {
  let carry = 0;
  for (const char of digits) carry = mod10Table[(carry + Number(char)) % 10] as number;
  return (10 - carry) % 10;
}

/** A 27-digit QR reference: the payload left-padded to 26 digits plus its check digit. */
export function buildQrReference(payload: string): string {
  if (!/^\d{1,26}$/.test(payload)) throw new Error(`QR reference payload: 1-26 digits: ${payload}`);
  const body = payload.padStart(26, '0');
  return `${body}${qrReferenceCheckDigit(body)}`;
}

export function isValidQrReference(reference: string): boolean {
  return (
    /^\d{27}$/.test(reference) &&
    qrReferenceCheckDigit(reference.slice(0, 26)) === Number(reference[26])
  );
}

/** An ISO 11649 creditor reference ("RF" + 2 check digits + up to 21 alphanumerics). */
export function buildCreditorReference(payload: string): string {
  if (!/^[A-Za-z0-9]{1,21}$/.test(payload))
    throw new Error(`creditor reference payload: ${payload}`);
  const remainder = mod97(lettersToDigits(`${payload}RF00`));
  return `RF${String(98 - remainder).padStart(2, '0')}${payload.toUpperCase()}`;
}

export function isValidCreditorReference(reference: string): boolean {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(reference)) return false;
  return mod97(lettersToDigits(`${reference.slice(4)}${reference.slice(0, 4)}`)) === 1;
}
