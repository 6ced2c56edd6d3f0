import type { Insertable, Kysely } from 'kysely';
import type { Database, InvoicesTable } from '../db/schema';
import { runDunning } from './run';

/** How a test file names its invoices, so two files' rows never collide in the shared database. */
export type InvoiceSeries = {
  /** The ids' prefix (`dn` → `dn-i7`) and, upper-cased, the payment reference's (`RF18DN7`). */
  prefix: string;
  /** The digit after the year in the invoice number (`9` → `2026-900007`). */
  digit: string;
};

/**
 * Inserts invoice `n` of a series: issued 2025-12-01, due 2026-01-01, CHF 200 to our CHF account
 * (`addOurAccounts`), unpaid, so a dunning run on a later day chases it; `fields` change any of it.
 */
export async function insertDueInvoice(
  db: Kysely<Database>,
  series: InvoiceSeries,
  n: number,
  mid: string,
  fields: Partial<Insertable<InvoicesTable>> = {},
): Promise<{ iid: string; number: string }> {
  const iid = `${series.prefix}-i${n}`;
  const number = `2026-${series.digit}${String(n).padStart(5, '0')}`;
  await db
    .insertInto('invoices')
    .values({
      iid,
      number,
      member_mid: mid,
      kind: 'other',
      year: 2026,
      issue_date: '2025-12-01',
      due_date: '2026-01-01',
      currency: 'CHF',
      subtotal_minor: 20_000,
      total_minor: 20_000,
      status: 'issued',
      bank_account_id: 'acct-chf',
      payment_reference: `RF18${series.prefix.toUpperCase()}${n}`,
      ...fields,
    })
    .execute();
  return { iid, number };
}

/** A real (not dry) dunning run for `asOf`, started as the CLI starts it: no operator. */
export function runDunningFromCli(db: Kysely<Database>, asOf: string) {
  return runDunning(db, {
    asOf,
    dryRun: false,
    trigger: 'cli',
    operatorUid: null,
    mailFrom: 'office@example.org',
  });
}
