import type { TBankImportReport } from '@ops/contract';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import { reusePlansForBulkWrite, writeTransaction } from '../../db/transaction';
import { manyChangedRows, refreshStatistics, type StatisticsLog } from '../../lists';
import type { EntryBookingContext } from '../book-entry';
import { inTransactionIndexRows } from '../../uploads';
import { CamtError, camtErrorAsBadInput } from '../camt/camt-error';
import { parseCamt } from '../camt/parse';
import type { ParsedBankFile } from '../camt/types';
import { accountsOfStatements } from './account';
import { queueImportFollowUp } from './follow-up';
import { auditImportedEntries, planMatchedBookings, writeMatchedBookings } from './book-matches';
import { insertEntries, planEntries } from './entries';
import { matchEntries } from './matching/match-entries';
import { importReport } from './report';
import { countStatementEntries, lockAccountsForImport, storeStatements } from './statements';

/** A bank file as it arrived: its bytes and the name the browser or the CLI gave it. */
export type BankFile = { content: Buffer | string; fileName: string | null };

/** A bank file read and checked, ready to import (the CLI reads every file before any import). */
export type ReadBankFile = { parsed: ParsedBankFile; sha256: string; fileName: string | null };

/** Reads a bank file; an unreadable one is a 400 naming the field `file` and the rule. */
export function readBankFile(file: BankFile): ReadBankFile {
  try {
    return {
      parsed: parseCamt(file.content),
      sha256: createHash('sha256').update(file.content).digest('hex'),
      fileName: file.fileName,
    };
  } catch (error) {
    if (error instanceof CamtError) throw camtErrorAsBadInput(error);
    throw error;
  }
}

/**
 * Imports one camt.053/054 file, whole or not at all, in one transaction: parse → our account
 * of each statement (by IBAN or QR-IBAN; any other refuses the file) → statement rows (one
 * imported before is reported as a duplicate) → one entry row per transaction with its identity
 * (seen before → duplicate) → matching rules → bookings through the money engine → statement
 * counters → report. Imports of an account run one after the other (an advisory lock), so two
 * imports of the same file book it once.
 */
export async function importBankFile(
  db: Kysely<Database>,
  actor: Actor,
  file: BankFile | ReadBankFile,
  context: EntryBookingContext & {
    log?: StatisticsLog;
    /** Told the id of the follow-up job a large import queued (the CLI waits for it). */
    onFollowUpQueued?: (jobId: string) => void;
  },
): Promise<TBankImportReport> {
  const read = 'parsed' in file ? file : readBankFile(file);
  const { parsed, fileName } = read;
  const accounts = await accountsOfStatements(db, parsed.statements);
  const { report, entryCount, followUpJobId } = await writeTransaction(
    db,
    async (trx) => {
      // Thousands of rows: keep the plans of the per-row foreign-key checks and triggers.
      await reusePlansForBulkWrite(trx);
      await lockAccountsForImport(trx, accounts);
      const statements = await storeStatements(trx, actor, parsed, accounts, read);
      const planned = await planEntries(trx, statements);
      await matchEntries(trx, planned.rows);
      const bookings = await planMatchedBookings(trx, actor, planned.rows);
      // Thousands of bookings: their search documents are rewritten after the answer (as a
      // bulk upload's are), not by the triggers of each statement.
      const reindex =
        bookings.bookings.length > inTransactionIndexRows
          ? {
              invoices: bookings.invoices.map((invoice) => invoice.iid),
              members: [
                ...new Set(bookings.invoices.flatMap((invoice) => invoice.member_mid ?? [])),
              ],
            }
          : null;
      if (reindex) await sql`SET LOCAL ops.search_sync = 'off'`.execute(trx);
      await insertEntries(trx, actor, planned.rows);
      const { certificatesDue } = await writeMatchedBookings(trx, actor, bookings, context);
      await auditImportedEntries(trx, actor, planned.rows, fileName);
      await countStatementEntries(
        trx,
        statements.filter((statement) => !statement.isDuplicate).map((s) => s.bsid),
      );
      // What is left for after the commit is a job queued here: it exists exactly when the
      // bookings commit, and another instance takes it over if the one running it dies.
      const followUpJobId =
        reindex || certificatesDue.length > 0
          ? await queueImportFollowUp(trx, actor, { reindex, certificatesDue })
          : null;
      return {
        report: importReport(parsed, fileName, statements, planned),
        entryCount: planned.rows.length,
        followUpJobId,
      };
    },
    // Read committed: the account lock orders imports, and each statement after it sees what
    // an import before it committed (SERIALIZABLE would start a whole file again on a conflict).
    { isolationLevel: 'read committed' },
  );
  if (entryCount >= manyChangedRows) {
    // After the answer: fresh statistics help the next queries, not this report.
    void refreshStatistics(db, ['bank_entries', 'money_movements', 'invoices'], context.log).catch(
      () => undefined,
    );
  }
  if (followUpJobId) context.onFollowUpQueued?.(followUpJobId);
  return report;
}
