import type { TBankImportCounts, TBankImportReport } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { importBankFile, readBankFile, type ReadBankFile } from '../bank-statements';
import { cliActor } from '../db/audit';
import type { Database } from '../db/schema';
import { AppError } from '../errors';

/** A bank file the CLI cannot import (missing, not XML, not ours…): exit code 2, the reason. */
export class UnreadableBankFile extends Error {}

/** What `bank import` did: each file's report, and the counts summed over the files. */
export type BankImportRun = {
  files: number;
  counts: TBankImportCounts;
  bookedTotals: TBankImportReport['bookedTotals'];
  reports: TBankImportReport[];
};

const zeroCounts: TBankImportCounts = {
  entries: 0,
  credits: 0,
  debits: 0,
  paid: 0,
  partial: 0,
  overpaid: 0,
  suggested: 0,
  unmatched: 0,
  duplicates: 0,
};

/** Why a file cannot be imported, in the words of the 400 the upload would answer. */
function reasonOf(error: unknown): string | null {
  if (error instanceof AppError && error.code === 'invalid-argument') return error.message;
  return null;
}

async function readOne(file: string): Promise<ReadBankFile> {
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder' : String(error);
    throw new UnreadableBankFile(`${file}: ${why}.`);
  }
  try {
    return readBankFile({ content, fileName: path.basename(file) });
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === null) throw error;
    throw new UnreadableBankFile(`${file}: ${reason}`);
  }
}

/**
 * `ops bank import <file…>`: every file is read and checked first (one unreadable file imports
 * nothing at all), then each is imported as the CLI, one transaction per file. A file refused
 * while importing (a foreign account) stops the run there: the files before it are imported
 * (their reports are kept), nothing of it is. A large file's follow-up (search documents,
 * certificates) is a job its import queued; `awaitFollowUp` waits for it before the next file.
 */
export async function importBankFiles(
  db: Kysely<Database>,
  files: readonly string[],
  context: { publicUrl: string; mailFrom: string },
  awaitFollowUp?: (jobId: string) => Promise<unknown>,
): Promise<BankImportRun> {
  const read: ReadBankFile[] = [];
  for (const file of files) read.push(await readOne(file));
  const reports: TBankImportReport[] = [];
  for (const [index, file] of read.entries()) {
    let followUp: string | null = null;
    try {
      reports.push(
        await importBankFile(db, cliActor, file, {
          ...context,
          onFollowUpQueued: (jobId) => (followUp = jobId),
        }),
      );
    } catch (error) {
      const reason = reasonOf(error);
      if (reason === null) throw error;
      const done = reports.length > 0 ? ` (${reports.length} file(s) before it were imported)` : '';
      throw new UnreadableBankFile(`${files[index]}: ${reason}${done}`);
    }
    if (followUp && awaitFollowUp) await awaitFollowUp(followUp);
  }
  return summed(reports);
}

function summed(reports: TBankImportReport[]): BankImportRun {
  const counts = { ...zeroCounts };
  const totals = new Map<string, bigint>();
  for (const report of reports) {
    for (const key of Object.keys(counts) as (keyof TBankImportCounts)[]) {
      counts[key] += report.counts[key];
    }
    for (const total of report.bookedTotals) {
      totals.set(total.currency, (totals.get(total.currency) ?? 0n) + BigInt(total.amountMinor));
    }
  }
  return {
    files: reports.length,
    counts,
    bookedTotals: [...totals].map(([currency, amount]) => ({
      currency,
      amountMinor: amount.toString(),
    })),
    reports,
  };
}

/** The run for a person: one line per file, then the totals. */
export function bankImportSummary(run: BankImportRun): string {
  const lines = run.reports.map((report) => `${report.fileName ?? 'file'}: ${report.message}`);
  if (run.reports.length > 1) {
    const { counts } = run;
    const money = run.bookedTotals
      .map((total) => formatMoney(total.amountMinor, total.currency))
      .join(', ');
    lines.push(
      `Total of ${run.files} files: ${counts.entries} payments, ${counts.paid} paid, ${counts.partial} partial, ${counts.overpaid} overpaid${money ? ` (${money} booked)` : ''}, ${counts.suggested} suggested, ${counts.unmatched} unmatched, ${counts.duplicates} duplicates.`,
    );
  }
  return lines.join('\n');
}

/** The run as one JSON object: the summed counts at the top, each file's report below. */
export function bankImportJson(run: BankImportRun): string {
  return JSON.stringify({
    files: run.files,
    ...run.counts,
    bookedTotals: run.bookedTotals,
    reports: run.reports,
  });
}
