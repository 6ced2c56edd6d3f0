import { Link } from 'react-router';
import { formatCount, formatDate, formatMoney } from '@/components/detail';
import { paths } from '@/config/paths';
import type { TBankImportCounts, TBankImportReport } from '@ops/contract/bank-imports';
import { importTotalsOf, type BankImportItem } from './import-queue';

const linkClass = 'text-sky-700 underline hover:text-sky-900';

/** The counts the report shows for a file and for all of them, in the order of the work. */
const figures: readonly (readonly [keyof TBankImportCounts, string])[] = [
  ['entries', 'Entries'],
  ['paid', 'Paid'],
  ['partial', 'Partially paid'],
  ['overpaid', 'Overpaid'],
  ['suggested', 'Suggested'],
  ['unmatched', 'Unmatched'],
  ['duplicates', 'Duplicates'],
  ['debits', 'Debits'],
];

function Counts({ counts, label }: { counts: TBankImportCounts; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8">
      {figures.map(([name, text]) => (
        <div key={name} className="rounded-md border border-slate-200 px-2 py-1.5">
          <dt className="text-xs text-slate-500">{text}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">
            {formatCount(counts[name])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Booked({ totals }: { totals: TBankImportReport['bookedTotals'] }) {
  if (totals.length === 0) return <>nothing booked</>;
  return (
    <>
      booked {totals.map((total) => formatMoney(total.amountMinor, total.currency)).join(' and ')}
    </>
  );
}

function ImportedFile({ report, fileName }: { report: TBankImportReport; fileName: string }) {
  return (
    <>
      <p className="text-sm text-slate-700">{report.message}</p>
      <ul className="flex flex-col gap-1 text-sm">
        {report.statements.map((statement) => (
          <li key={statement.bsid} className="flex flex-wrap gap-x-2">
            <Link to={paths.bankStatement.getHref({ bsid: statement.bsid })} className={linkClass}>
              {statement.kind} {statement.statementId}
            </Link>
            <span className="text-slate-600">
              {statement.accountLabel} ·{' '}
              {statement.fromDate || statement.toDate
                ? `${formatDate(statement.fromDate)} – ${formatDate(statement.toDate)}`
                : 'no period'}{' '}
              · {formatCount(statement.entries)} {statement.entries === 1 ? 'entry' : 'entries'}
              {statement.isDuplicate ? ' · imported before' : ''}
            </span>
          </li>
        ))}
      </ul>
      <Counts counts={report.counts} label={`Counts of ${fileName}`} />
    </>
  );
}

/**
 * What the import did: per file its statements (linked) and counts, or the reason it was refused;
 * then the totals of all files, and the way to the queue when payments wait there.
 */
export function ImportReport({ items }: { items: readonly BankImportItem[] }) {
  const totals = importTotalsOf(items);
  const waiting = totals.counts.suggested + totals.counts.unmatched;
  return (
    <section aria-label="Import report" className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3">
        {items.map((item) => (
          <li
            key={item.key}
            data-state={item.state}
            aria-label={item.file.name}
            className={[
              'flex flex-col gap-2 rounded-lg border p-3',
              item.report ? 'border-slate-200' : 'border-red-200 bg-red-50/50',
            ].join(' ')}
          >
            <h4 className="text-sm font-semibold break-all text-slate-900">{item.file.name}</h4>
            {item.report ? (
              <ImportedFile report={item.report} fileName={item.file.name} />
            ) : (
              <p role="alert" className="text-sm text-red-800">
                {item.reason ?? 'Not imported.'}
              </p>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50/60 p-3">
        <h4 className="text-sm font-semibold text-slate-900">
          Total: {formatCount(totals.files)} {totals.files === 1 ? 'file' : 'files'} imported
          {totals.refusedFiles ? `, ${formatCount(totals.refusedFiles)} refused` : ''},{' '}
          {formatCount(totals.statements)} {totals.statements === 1 ? 'statement' : 'statements'},{' '}
          <Booked totals={totals.bookedTotals} />
        </h4>
        <Counts counts={totals.counts} label="Counts of all files" />
        {waiting > 0 ? (
          <p className="text-sm text-slate-800">
            {formatCount(waiting)} {waiting === 1 ? 'payment waits' : 'payments wait'} for you:{' '}
            <Link to={paths.bankStatementsUnmatched.getHref()} className={linkClass}>
              open the unmatched payments
            </Link>
            .
          </p>
        ) : null}
      </div>
    </section>
  );
}
