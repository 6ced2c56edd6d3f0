import type { Insertable, Kysely } from 'kysely';
import type { BankEntriesTable, BankStatementsTable, Database, InvoicesTable } from '../db/schema';
import { countStatementEntries } from './import/statements';

/**
 * Statements and entries written straight into the test database (as the importer would leave
 * them), with the counters recomputed from the entries, and the accounts, members and invoices
 * they point at.
 */

let counter = 0;
const nextId = (prefix: string) => `${prefix}${String(++counter).padStart(4, '0')}`;

export async function addBankAccount(
  db: Kysely<Database>,
  fields: { id: string; currency?: string; iban?: string; label?: string },
) {
  await db
    .insertInto('bank_accounts')
    .values({
      id: fields.id,
      label: fields.label ?? `Fees ${fields.currency ?? 'CHF'}`,
      bank_name: 'UBS Switzerland AG',
      holder_name: 'Federation of Freight Forwarders',
      holder_address: 'Seefeldstrasse 45, 8008 Zürich',
      iban: fields.iban ?? 'CH9300762011623852957',
      currency: fields.currency ?? 'CHF',
    })
    .execute();
}

/** An active individual member without a country; `ids` when the caller keeps its own series. */
export async function addMemberRow(
  db: Kysely<Database>,
  name: string,
  ids: { mid?: string; number?: string } = {},
): Promise<string> {
  const mid = ids.mid ?? nextId('bm');
  await db
    .insertInto('members')
    .values({
      mid,
      number: ids.number ?? `M-${mid}`,
      category: 'individual',
      status: 'active',
      legal_name: name,
      country_iso2: null,
    })
    .execute();
  return mid;
}

/** An issued (or other status) invoice of another kind than membership: no rule 2 side effects. */
export async function addInvoiceRow(
  db: Kysely<Database>,
  fields: { memberMid: string; totalMinor: number; currency?: string } & Partial<
    Insertable<InvoicesTable>
  >,
): Promise<{ iid: string; number: string }> {
  const { memberMid, totalMinor, currency, ...rest } = fields;
  const generatedIid = nextId('bi');
  // The caller may name the invoice itself (the importer's tests: their own id and number series).
  const iid = rest.iid ?? generatedIid;
  const number = rest.number ?? `2026-${String(100000 + counter).slice(-6)}`;
  await db
    .insertInto('invoices')
    .values({
      iid,
      number,
      member_mid: memberMid,
      kind: 'other',
      year: 2026,
      issue_date: '2026-03-01',
      due_date: '2026-03-31',
      currency: currency ?? 'CHF',
      subtotal_minor: totalMinor,
      total_minor: totalMinor,
      status: 'issued',
      ...rest,
    })
    .execute();
  return { iid, number };
}

export async function addStatement(
  db: Kysely<Database>,
  fields: Partial<Insertable<BankStatementsTable>> & { bank_account_id: string },
): Promise<string> {
  const bsid = fields.bsid ?? nextId('bs');
  await db
    .insertInto('bank_statements')
    .values({
      bsid,
      account_iban: 'CH9300762011623852957',
      message_kind: 'camt.054',
      message_version: '001.08',
      message_id: `MSG-${bsid}`,
      statement_id: `STMT-${bsid}`,
      file_name: `${bsid}.xml`,
      file_sha256: `sha-${bsid}`,
      from_date: '2026-05-01',
      to_date: '2026-05-01',
      currency: 'CHF',
      credited_minor: 0,
      ...fields,
    })
    .execute();
  return bsid;
}

export async function addEntry(
  db: Kysely<Database>,
  bsid: string,
  fields: Partial<Insertable<BankEntriesTable>> & { amount_minor: number },
): Promise<string> {
  const beid = fields.beid ?? nextId('be');
  const statement = await db
    .selectFrom('bank_statements')
    .select('bank_account_id')
    .where('bsid', '=', bsid)
    .executeTakeFirstOrThrow();
  const position = await db
    .selectFrom('bank_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('statement_bsid', '=', bsid)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bank_entries')
    .values({
      beid,
      statement_bsid: bsid,
      bank_account_id: statement.bank_account_id,
      entry_position: Number(position.count) + 1,
      transaction_position: 1,
      identity: `id-${beid}`,
      direction: 'credit',
      currency: 'CHF',
      booking_date: '2026-05-01',
      value_date: '2026-05-01',
      state: 'unmatched',
      ...fields,
    })
    .execute();
  return beid;
}

/**
 * A statement on the bank account with the entries given (`addEntry`'s fields), its counters as
 * the importer leaves them: its bsid and the entries' beids, in order.
 */
export async function addStatementWithEntries(
  db: Kysely<Database>,
  bankAccountId: string,
  entries: Parameters<typeof addEntry>[2][],
): Promise<{ bsid: string; beids: string[] }> {
  const bsid = await addStatement(db, { bank_account_id: bankAccountId });
  const beids: string[] = [];
  for (const fields of entries) beids.push(await addEntry(db, bsid, fields));
  await recount(db, bsid);
  return { bsid, beids };
}

/**
 * The statement's counters from its entries, counted as the importer counts them (a statement
 * without entries keeps the zeros it was written with).
 */
export async function recount(db: Kysely<Database>, bsid: string): Promise<void> {
  await countStatementEntries(db, [bsid]);
}

/** The counters of a statement a test reads. */
export function countersOf(db: Kysely<Database>, bsid: string) {
  return db
    .selectFrom('bank_statements')
    .select(['booked', 'suggested', 'unmatched', 'ignored', 'version'])
    .where('bsid', '=', bsid)
    .executeTakeFirstOrThrow();
}
