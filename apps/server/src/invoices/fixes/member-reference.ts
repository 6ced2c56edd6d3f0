import { isValidCreditorReference, isValidQrReference } from '../../lib/iban';

/**
 * The payment reference's member digits, when it is a valid QR or creditor reference whose
 * payload is what we generate (member digits, the invoice's year, a 7-digit sequence).
 */
export function memberDigitsFromReference(reference: string | null, year: number): string | null {
  if (!reference) return null;
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  let payload: string;
  if (isValidQrReference(compact)) payload = compact.slice(0, 26).replace(/^0+/, '');
  else if (isValidCreditorReference(compact)) payload = compact.slice(4);
  else return null;
  if (!/^\d{12,}$/.test(payload)) return null;
  if (Number(payload.slice(-11, -7)) !== year) return null;
  return payload.slice(0, -11).replace(/^0+/, '') || null;
}
