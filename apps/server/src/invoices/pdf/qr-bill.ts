import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data as QrBillData, Debtor as QrBillDebtor } from 'swissqrbill/types';
import { isIBANValid, isQRIBAN, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { toWinAnsi, winAnsiOutside } from '../../lib/pdf-fonts';
import { amountDueMinor, type InvoicePdfData } from './data';

/** A text the QR-bill can carry and print (its fonts are WinAnsi), or null when it cannot. */
function qrText(value: string | null | undefined, maxLength: number): string | null {
  const trimmed = (value ?? '').replace(/\s+/g, ' ').trim();
  if (trimmed === '') return null;
  const latin = winAnsiOutside.test(trimmed) ? toWinAnsi(trimmed) : trimmed;
  if (latin.includes('?') && !trimmed.includes('?')) return null;
  return latin.length <= maxLength ? latin : null;
}

type StructuredAddress = {
  address: string;
  buildingNumber?: string;
  zip: string;
  city: string;
  country: string;
};

const countryCodes: Record<string, string> = {
  switzerland: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  svizra: 'CH',
  ch: 'CH',
  liechtenstein: 'LI',
  li: 'LI',
  fl: 'LI',
};

/**
 * A one-line holder address ("Seefeldstrasse 45, 8008 Zürich, Switzerland") as the QR-bill's
 * structured address: the part before the postal code is the street (with its number), the
 * postal code and town follow, then the country (Switzerland when none is written). Null when
 * the text does not have that shape; the bill is then left out rather than guessed.
 */
export function parseHolderAddress(text: string): StructuredAddress | null {
  const parts = text
    .split(/\s*[,\n;]\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  const townAt = parts.findIndex((part) => /^(?:(?:CH|LI|FL)[- ])?\d{4,5}\s+\S/.test(part));
  if (townAt < 1) return null;
  const town = /^(?:(CH|LI|FL)[- ])?(\d{4,5})\s+(.+)$/.exec(parts[townAt] ?? '');
  if (!town) return null;
  const street = parts[townAt - 1] ?? '';
  const rest = parts.slice(townAt + 1);
  let country = town[1] ? (countryCodes[town[1].toLowerCase()] ?? null) : null;
  for (const part of rest) {
    const code = countryCodes[part.toLowerCase()];
    if (code) country = code;
    else return null;
  }
  const numbered = /^(.*\S)\s+(\d+[a-zA-Z]?)$/.exec(street);
  return {
    address: numbered?.[1] ?? street,
    ...(numbered?.[2] ? { buildingNumber: numbered[2] } : {}),
    zip: town[2] ?? '',
    city: town[3] ?? '',
    country: country ?? 'CH',
  };
}

/** What the payment part of a QR-bill will say, or why an invoice has none. */
export type QrBillPlan =
  | { kind: 'qr-bill'; data: QrBillData; referenceType: 'QRR' | 'SCOR' | 'NON'; hasDebtor: boolean }
  | { kind: 'none'; reason: string };

/**
 * Rule 4 of the domain: a QR-bill only for CHF or EUR from a Swiss or Liechtenstein account;
 * with the QR-IBAN the invoice's QR reference (QRR), with the plain IBAN its creditor reference
 * (SCOR) or none. Paid, void and uncollectible invoices get none (nothing is to be paid). The
 * member is the debtor when its address is complete and printable; otherwise the payer writes
 * it in. Never throws: a bill the library would refuse is left out, with the reason.
 */
export function planQrBill(data: InvoicePdfData): QrBillPlan {
  if (data.currency !== 'CHF' && data.currency !== 'EUR') {
    return { kind: 'none', reason: `QR-bills are paid in CHF or EUR, not ${data.currency}.` };
  }
  if (data.status !== 'issued' && data.status !== 'draft') {
    return { kind: 'none', reason: `The invoice is ${data.status}: nothing is to be paid.` };
  }
  const account = data.account;
  if (!account) return { kind: 'none', reason: 'The invoice has no bank account.' };
  const creditorAddress = parseHolderAddress(account.holderAddress);
  const creditorName = qrText(account.holderName, 70);
  if (!creditorAddress || !creditorName) {
    return {
      kind: 'none',
      reason: 'The account holder’s address cannot be read as street, postal code and town.',
    };
  }
  const reference = (data.paymentReference ?? '').replace(/\s+/g, '').toUpperCase();
  const isSwiss = (iban: string | null): iban is string =>
    iban !== null && /^(CH|LI)/.test(iban) && isIBANValid(iban);
  let creditorAccount: string;
  let qrReference: string | undefined;
  let referenceType: 'QRR' | 'SCOR' | 'NON';
  if (isSwiss(account.qrIban) && isQRIBAN(account.qrIban) && isQRReferenceValid(reference)) {
    creditorAccount = account.qrIban;
    qrReference = reference;
    referenceType = 'QRR';
  } else if (isSwiss(account.iban) && !isQRIBAN(account.iban)) {
    creditorAccount = account.iban;
    qrReference = isSCORReferenceValid(reference) ? reference : undefined;
    referenceType = qrReference ? 'SCOR' : 'NON';
  } else {
    return {
      kind: 'none',
      reason: 'QR-bills need a Swiss or Liechtenstein account (a QR-IBAN needs a QR reference).',
    };
  }
  const message = qrText(
    `Invoice ${data.number}${data.member ? ` · member ${data.member.number}` : ''}`,
    140,
  );
  const qrData: QrBillData = {
    creditor: { ...creditorAddress, name: creditorName, account: creditorAccount },
    currency: data.currency,
    // What is still due: the member's credit or an earlier part payment is not asked again.
    amount: amountDueMinor(data) / 100,
    ...(qrReference ? { reference: qrReference } : {}),
    ...(message ? { message } : {}),
  };
  const debtor = debtorOf(data);
  for (const candidate of debtor ? [{ ...qrData, debtor }, qrData] : [qrData]) {
    try {
      new SwissQRBill(candidate);
      return { kind: 'qr-bill', data: candidate, referenceType, hasDebtor: 'debtor' in candidate };
    } catch {
      // The library refused this data (a field too long, an odd character): try without the
      // debtor, then give up on the bill. The invoice itself is still rendered.
    }
  }
  return { kind: 'none', reason: 'The payment details do not make a valid QR-bill.' };
}

/** The member as the QR-bill's debtor: only with a complete, printable address. */
function debtorOf(data: InvoicePdfData): QrBillDebtor | null {
  const member = data.member;
  if (!member) return null;
  const name = qrText(member.legalName, 70);
  const street = qrText(member.addressLine1, 70);
  const zip = qrText(member.postalCode, 16);
  const city = qrText(member.city, 35);
  const country = member.countryIso2;
  if (!name || !street || !zip || !city || !country || !/^[A-Z]{2}$/.test(country)) return null;
  const numbered = /^(.*\S)\s+(\d+[a-zA-Z]?)$/.exec(street);
  return {
    name,
    address: numbered?.[1] ?? street,
    ...(numbered?.[2] ? { buildingNumber: numbered[2] } : {}),
    zip,
    city,
    country,
  };
}
