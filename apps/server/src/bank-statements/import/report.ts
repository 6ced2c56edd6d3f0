import type { TBankImportReport } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import type { ParsedBankFile } from '../camt/types';
import type { NewEntry, PlannedEntries } from './entries';
import type { PlannedStatement } from './statements';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** The report of one file: its statements, what became of each transaction, money booked. */
export function importReport(
  file: ParsedBankFile,
  fileName: string | null,
  statements: readonly PlannedStatement[],
  planned: PlannedEntries,
): TBankImportReport {
  const rows: readonly NewEntry[] = planned.rows;
  const count = (test: (row: NewEntry) => boolean) => rows.filter(test).length;
  const counts = {
    entries: rows.length + planned.duplicateStatementEntries,
    credits: count((row) => row.direction === 'credit'),
    debits: count((row) => row.state === 'debit'),
    paid: count((row) => row.outcome === 'paid'),
    partial: count((row) => row.outcome === 'partial'),
    overpaid: count((row) => row.outcome === 'overpaid'),
    suggested: count((row) => row.state === 'suggested'),
    unmatched: count((row) => row.state === 'unmatched'),
    duplicates: count((row) => row.state === 'duplicate') + planned.duplicateStatementEntries,
  };
  const byRule = {
    'qr-reference': count((row) => row.state === 'booked' && row.match_rule === 'qr-reference'),
    'creditor-reference': count(
      (row) => row.state === 'booked' && row.match_rule === 'creditor-reference',
    ),
    'invoice-number': count((row) => row.state === 'booked' && row.match_rule === 'invoice-number'),
  };
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    if (row.state !== 'booked') continue;
    const currency = row.currency.trim();
    totals.set(currency, (totals.get(currency) ?? 0n) + BigInt(row.amount_minor));
  }
  const bookedTotals = [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amountMinor: amount.toString() }));
  return {
    fileName,
    statements: statements.map((statement) => ({
      bsid: statement.bsid,
      bankAccountId: statement.account.id,
      accountLabel: statement.account.label,
      iban: statement.parsed.accountIban ?? statement.parsed.accountOtherId ?? '',
      kind: file.kind,
      version: file.version,
      statementId: statement.parsed.statementId,
      fromDate: statement.parsed.fromDate,
      toDate: statement.parsed.toDate,
      entries: statement.parsed.entries.reduce((sum, e) => sum + e.transactions.length, 0),
      isDuplicate: statement.isDuplicate,
    })),
    counts,
    byRule,
    bookedTotals,
    message: messageOf(counts, bookedTotals, planned.notBooked),
  };
}

function messageOf(
  counts: TBankImportReport['counts'],
  totals: TBankImportReport['bookedTotals'],
  notBooked: number,
): string {
  const booked = counts.paid + counts.partial + counts.overpaid;
  const money = totals.map((total) => formatMoney(total.amountMinor, total.currency)).join(', ');
  const parts = [
    `${plural(counts.entries, 'payment')} read`,
    `${booked.toLocaleString('en')} booked${money ? ` (${money})` : ''}`,
  ];
  if (counts.partial > 0) parts.push(`${counts.partial.toLocaleString('en')} of them partial`);
  if (counts.overpaid > 0) parts.push(`${counts.overpaid.toLocaleString('en')} overpaid`);
  if (counts.suggested > 0) parts.push(`${plural(counts.suggested, 'suggestion')} to confirm`);
  if (counts.unmatched > 0) parts.push(`${counts.unmatched.toLocaleString('en')} unmatched`);
  if (counts.debits > 0) parts.push(`${plural(counts.debits, 'debit')} listed`);
  if (counts.duplicates > 0) {
    parts.push(`${plural(counts.duplicates, 'duplicate')} (imported before, not booked again)`);
  }
  if (notBooked > 0) {
    parts.push(
      `${plural(notBooked, 'pending entry', 'pending entries')} skipped (import them once booked)`,
    );
  }
  return `${parts.join(', ')}.`;
}
