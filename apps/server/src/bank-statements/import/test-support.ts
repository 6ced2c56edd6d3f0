import type { Insertable, Kysely } from 'kysely';
import { createTestDatabase } from '../../../test/database';
import { buildCamtXml } from '../camt/build';
import type {
  CamtBuildEntry,
  CamtBuildTransaction,
  CamtMessageKind,
  CamtVersion,
} from '../camt/types';
import type { Actor } from '../../db/audit';
import type { DatabaseHandle } from '../../db/database';
import type { Database, InvoicesTable } from '../../db/schema';
import { buildCreditorReference, buildQrReference } from '../../lib/iban';
import { loadCountries } from '../../seed/countries';
import { addInvoiceRow, addMemberRow } from '../test-support';

/** Our CHF account: the IBAN, and the QR-IBAN banks report QR-bill credits under. */
export const ourIban = 'CH9300762011623852957';
export const ourQrIban = 'CH4431999123000889012';
export const ourEurIban = 'CH5604835012345678009';

let counter = 0;
const next = () => ++counter;

/** Our two bank accounts (CHF with a QR-IBAN, and EUR). */
export async function addOurAccounts(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('bank_accounts')
    .values([
      {
        id: 'acct-chf',
        label: 'Fees CHF',
        bank_name: 'UBS Switzerland AG',
        holder_name: 'Federation of Freight Forwarders',
        holder_address: 'Seefeldstrasse 45, 8008 Zürich',
        iban: ourIban,
        qr_iban: ourQrIban,
        currency: 'CHF',
        is_default: true,
      },
      {
        id: 'acct-eur',
        label: 'Fees EUR',
        bank_name: 'UBS Switzerland AG',
        holder_name: 'Federation of Freight Forwarders',
        holder_address: 'Seefeldstrasse 45, 8008 Zürich',
        iban: ourEurIban,
        currency: 'EUR',
        is_default: true,
      },
    ])
    .execute();
}

/** Who imports in these tests: the system, as the bank import job does, with its URL and sender. */
export const importActor: Actor = { kind: 'system', uid: null };
export const importContext = { publicUrl: 'http://localhost:3000', mailFrom: 'ops@example.org' };

/**
 * A fresh test database with our two accounts (and the countries, for tests whose payments issue
 * certificates): what every describe block of the importer's tests starts from.
 */
export async function openImportDatabase(
  options: { countries?: boolean } = {},
): Promise<{ database: DatabaseHandle; db: Kysely<Database> }> {
  const database = await createTestDatabase();
  if (options.countries) await loadCountries(database.pool);
  await addOurAccounts(database.db);
  return { database, db: database.db };
}

export async function addPayingMember(db: Kysely<Database>, name: string): Promise<string> {
  const mid = `imp-m${next()}`;
  return addMemberRow(db, name, { mid, number: `M-IMP-${mid}` });
}

export type TestInvoice = { iid: string; number: string; reference: string };

/**
 * An issued invoice (kind 'other': no rule 2 side effects) with a payment reference: a QR
 * reference, or an RF creditor reference when asked.
 */
export async function addOpenInvoice(
  db: Kysely<Database>,
  memberMid: string,
  totalMinor: number,
  fields: Partial<Insertable<InvoicesTable>> & { creditorReference?: boolean } = {},
): Promise<TestInvoice> {
  const n = next();
  const { creditorReference, ...rest } = fields;
  const iid = `imp-i${n}`;
  const number = `2031-${String(n).padStart(6, '0')}`;
  const reference = creditorReference
    ? buildCreditorReference(`IMP${n}`)
    : buildQrReference(String(700_000 + n));
  await addInvoiceRow(db, {
    memberMid,
    totalMinor,
    iid,
    number,
    bank_account_id: 'acct-chf',
    payment_reference: reference,
    ...rest,
  });
  return { iid, number, reference };
}

/** A credit transaction; the bank's reference unique unless given. */
export function credit(fields: Partial<CamtBuildTransaction> & { amountMinor: number }) {
  return { accountServicerReference: `TX-${next()}`, ...fields } satisfies CamtBuildTransaction;
}

/** One booked entry of the transactions (a batch booking when several). */
export function entryOf(
  transactions: CamtBuildTransaction[],
  fields: Partial<CamtBuildEntry> = {},
): CamtBuildEntry {
  return {
    accountServicerReference: `NTRY-${next()}`,
    direction: 'credit',
    bookingDate: '2026-03-10',
    currency: 'CHF',
    transactions,
    ...fields,
  };
}

/** One batch booking that pays each invoice `amountMinor` by its reference. */
export function batchPaying(invoices: TestInvoice[], amountMinor: number): CamtBuildEntry {
  return entryOf(
    invoices.map((invoice) => credit({ amountMinor, structuredReference: invoice.reference })),
  );
}

/** A bank file of one statement (or several) of our CHF account, reported under `iban`. */
export function bankFile(
  entries: CamtBuildEntry[],
  options: {
    kind?: CamtMessageKind;
    version?: CamtVersion;
    messageId?: string;
    iban?: string;
    currency?: string;
    more?: { id: string; iban: string; currency: string; entries: CamtBuildEntry[] }[];
  } = {},
): string {
  const n = next();
  return buildCamtXml({
    kind: options.kind ?? 'camt.054',
    version: options.version ?? '001.08',
    messageId: options.messageId ?? `MSG-${n}`,
    createdAt: '2026-03-10T18:00:00+01:00',
    statements: [
      {
        id: `STMT-${n}`,
        iban: options.iban ?? ourQrIban,
        currency: options.currency ?? 'CHF',
        fromDate: '2026-03-10',
        toDate: '2026-03-10',
        entries,
      },
      ...(options.more ?? []).map((statement) => ({
        ...statement,
        fromDate: '2026-03-10',
        toDate: '2026-03-10',
      })),
    ],
  });
}
