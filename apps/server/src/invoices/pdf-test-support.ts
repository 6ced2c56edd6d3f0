import { membershipVatExemption, type TInvoiceLine } from '@ops/contract';
import type { Insertable, Kysely } from 'kysely';
import type { BankAccountsTable, Database, InvoicesTable, MembersTable } from '../db/schema';
import { buildCreditorReference, buildIban, buildQrReference, buildSwissIban } from '../lib/iban';
import { insertMembers, memberRow } from '../../test/fixtures';

let counter = 0;
const next = () => `${++counter}`.padStart(4, '0') + Math.random().toString(36).slice(2, 6);

/** Swiss accounts whose check digits pass the QR-bill validation. */
export const swissIban = buildSwissIban('04835', '000482915201');
export const swissQrIban = buildSwissIban('30835', '000482915201');
export const germanIban = buildIban('DE', '370400440532013000');
export const qrReference = buildQrReference('1000123202600001');
export const creditorReference = buildCreditorReference('100012320260002');

export async function insertAccount(
  db: Kysely<Database>,
  fields: Partial<Insertable<BankAccountsTable>> & { currency: string },
): Promise<string> {
  const id = `acc-${next()}`;
  await db
    .insertInto('bank_accounts')
    .values({
      id,
      label: `Fees ${fields.currency}`,
      bank_name: 'Helvetia Test Bank AG',
      holder_name: 'International Federation of Freight Forwarders',
      holder_address: 'Seefeldstrasse 45, 8008 Zürich, Switzerland',
      iban: swissIban,
      qr_iban: null,
      bic: 'HDBKCHZZXXX',
      is_default: false,
      ...fields,
    })
    .execute();
  return id;
}

/**
 * The default CHF account with a QR-IBAN, as the federation's fees are paid to: the account an
 * invoice without one of its own takes, QR bill and all.
 */
export function insertDefaultQrAccount(db: Kysely<Database>): Promise<string> {
  return insertAccount(db, { currency: 'CHF', qr_iban: swissQrIban, is_default: true });
}

export async function insertMember(
  db: Kysely<Database>,
  fields: Partial<Insertable<MembersTable>> = {},
): Promise<{ mid: string; number: string }> {
  const mid = `mem-${next()}`;
  const number = `M-${mid.slice(4)}`;
  await insertMembers(db, [
    memberRow(mid, {
      number,
      legal_name: 'Rheinhafen Spedition AG',
      address_line1: 'Hafenstrasse 12',
      postal_code: '4057',
      city: 'Basel',
      vat_number: 'CHE-123.456.789 MWST',
      // English unless a test asks for another language (a Swiss member would default to German).
      preferred_language: 'en',
      ...fields,
    }),
  ]);
  return { mid, number };
}

let sequence = 900_000;

/** A membership invoice of 1,250.00 plus a 25.00 donation, issued, in the currency given. */
export async function insertInvoice(
  db: Kysely<Database>,
  fields: Partial<Insertable<InvoicesTable>> & { currency: string },
): Promise<{ iid: string; number: string }> {
  const iid = `inv-${next()}`;
  const number = `2026-${String(++sequence).padStart(6, '0')}`;
  const lines: TInvoiceLine[] = [
    {
      description: 'Membership fee 2026 – individual member',
      quantity: 1,
      unitAmountMinor: 125_000,
      vatRate: null,
      vatExemption: membershipVatExemption,
    },
    {
      description: 'Voluntary donation to the education fund',
      quantity: 1,
      unitAmountMinor: 2_500,
      vatRate: null,
      vatExemption: 'Outside the scope of Swiss VAT (donation)',
      isDonation: true,
    },
  ];
  await db
    .insertInto('invoices')
    .values({
      iid,
      number,
      kind: 'membership',
      year: 2026,
      issue_date: '2026-01-05',
      due_date: '2026-02-04',
      lines: JSON.stringify(lines),
      subtotal_minor: 125_000,
      vat_minor: 0,
      donation_minor: 2_500,
      total_minor: 127_500,
      status: 'issued',
      created_at: new Date(),
      updated_at: new Date(),
      created_by: null,
      updated_by: null,
      ...fields,
    })
    .execute();
  return { iid, number };
}

/** A small valid PDF (a PDFKit page) with a marker text, as an uploaded file would be. */
export function samplePdf(marker: string, padToBytes = 0): Buffer {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\n`;
  const padding = Math.max(0, padToBytes - body.length - 20);
  return Buffer.from(`${body}${'%'.padEnd(padding, ' ')}\ntrailer\n%%EOF\n`, 'latin1');
}
