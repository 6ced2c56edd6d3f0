import { sql, type Kysely, type Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { insertRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ParsedBankFile, ParsedStatement } from '../camt/types';
import type { BankAccountRow } from './account';
import { accountNameOf } from './account';

type Trx = Transaction<Database>;

/** A statement of the file, with our account and the row it is (or was) stored as. */
export type PlannedStatement = {
  parsed: ParsedStatement;
  account: BankAccountRow;
  bsid: string;
  /** Imported before (same account, message id and statement id): nothing of it is written. */
  isDuplicate: boolean;
};

/**
 * Serialises imports per account until the transaction ends: two imports of the same file (two
 * tabs, the CLI beside the browser) run one after the other, and the second sees what the first
 * wrote, so every transaction is booked exactly once. Accounts are locked in one order, so two
 * files of several accounts never wait for each other in a circle.
 */
export async function lockAccountsForImport(
  trx: Trx,
  accounts: readonly BankAccountRow[],
): Promise<void> {
  const ids = [...new Set(accounts.map((account) => account.id))].sort();
  for (const id of ids) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bank-import:${id}`}, 0))`.execute(
      trx,
    );
  }
}

/**
 * The statement rows of the file: one new row for each statement not seen before; a statement
 * imported before (same account, message id and statement id) keeps its row and is reported as a
 * duplicate, with all of its entries.
 */
export async function storeStatements(
  trx: Trx,
  actor: Actor,
  file: ParsedBankFile,
  accounts: readonly BankAccountRow[],
  source: { fileName: string | null; sha256: string },
): Promise<PlannedStatement[]> {
  const planned: PlannedStatement[] = [];
  for (const [index, parsed] of file.statements.entries()) {
    const account = accounts[index] as BankAccountRow;
    const existing = await trx
      .selectFrom('bank_statements')
      .select('bsid')
      .where('bank_account_id', '=', account.id)
      .where('message_id', '=', file.messageId)
      .where('statement_id', '=', parsed.statementId)
      .executeTakeFirst();
    const twiceInFile = planned.find(
      (other) => other.account.id === account.id && other.parsed.statementId === parsed.statementId,
    );
    if (existing || twiceInFile) {
      const bsid = existing?.bsid ?? (twiceInFile as PlannedStatement).bsid;
      planned.push({ parsed, account, bsid, isDuplicate: true });
      continue;
    }
    const row = await insertRecord(
      trx,
      actor,
      'bank_statements',
      {
        bsid: newId(),
        bank_account_id: account.id,
        account_iban: accountNameOf(parsed),
        message_kind: file.kind,
        message_version: file.version,
        message_id: file.messageId,
        statement_id: parsed.statementId,
        file_name: source.fileName,
        file_sha256: source.sha256,
        created_at_bank: bankTimeOf(file.createdAt),
        from_date: parsed.fromDate,
        to_date: parsed.toDate,
        currency: parsed.accountCurrency ?? parsed.entries[0]?.currency ?? account.currency.trim(),
        credited_minor: 0,
        imported_by: actor.uid ?? actor.kind,
      },
      { action: 'import', details: { fileName: source.fileName } },
    );
    planned.push({ parsed, account, bsid: row.bsid, isDuplicate: false });
  }
  return planned;
}

/** GrpHdr/CreDtTm as a moment, or null when the bank wrote something else. */
function bankTimeOf(text: string | null): Date | null {
  if (text === null) return null;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/**
 * The statements' counters, from their entries (the list reads them, never counts entries).
 * The rows were created by this transaction, so they keep version 1. (Tests count the statements
 * they write straight into the database with it too, outside a transaction: `recount`.)
 */
export async function countStatementEntries(
  trx: Trx | Kysely<Database>,
  bsids: readonly string[],
): Promise<void> {
  if (bsids.length === 0) return;
  await sql`
    UPDATE bank_statements bs SET
      entries = c.entries, credits = c.credits, debits = c.debits, booked = c.booked,
      suggested = c.suggested, unmatched = c.unmatched, ignored = c.ignored,
      duplicates = c.duplicates, credited_minor = c.credited_minor
    FROM (SELECT statement_bsid,
                 count(*) AS entries,
                 count(*) FILTER (WHERE direction = 'credit') AS credits,
                 count(*) FILTER (WHERE state = 'debit') AS debits,
                 count(*) FILTER (WHERE state = 'booked') AS booked,
                 count(*) FILTER (WHERE state = 'suggested') AS suggested,
                 count(*) FILTER (WHERE state = 'unmatched') AS unmatched,
                 count(*) FILTER (WHERE state = 'ignored') AS ignored,
                 count(*) FILTER (WHERE state = 'duplicate') AS duplicates,
                 coalesce(sum(amount_minor) FILTER (WHERE direction = 'credit'), 0) AS credited_minor
            FROM bank_entries WHERE statement_bsid = ANY(${[...bsids]}::text[])
           GROUP BY statement_bsid) c
   WHERE bs.bsid = c.statement_bsid`.execute(trx);
}
