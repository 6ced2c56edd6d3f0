import { formatDateTime, formatMoney } from '@/components/detail';
import { getErrorMessage } from '@ops/ui/error-message';
import { useRenewalPreview } from '../api/get-renewal-preview';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';

/**
 * Before a renewal run: what it would issue for the year now (invoices and totals per currency,
 * the members left out and why, the first members), computed by the server with the run's own
 * selection, and when the renewal schedule runs next.
 */
export function RenewalPreview({ year }: { year: number | null }) {
  const preview = useRenewalPreview(year);
  if (year === null) return null;
  if (preview.isPending) {
    return <p className="text-sm text-slate-600">Counting what the run would issue…</p>;
  }
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(preview.error)}
      </p>
    );
  }
  const data = preview.data;
  return (
    <section
      aria-labelledby="renewal-preview"
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3"
      data-testid="renewal-preview"
    >
      <h3 id="renewal-preview" className="text-sm font-semibold">
        Preview for {data.year}
      </h3>
      <p className="text-sm text-slate-700">
        {data.toIssue === 0
          ? `Nothing to issue: ${data.alreadyInvoiced.toLocaleString('en')} of ${data.candidates.toLocaleString('en')} active members already have their ${data.year} invoice.`
          : `The run would issue ${data.toIssue.toLocaleString('en')} invoices (${data.alreadyInvoiced.toLocaleString('en')} members already invoiced; ${data.withoutEmail.toLocaleString('en')} without an e-mail address).`}
      </p>
      {data.totals.length > 0 ? (
        <table className="w-full text-sm" aria-label="Invoices per currency">
          <thead>
            <SmallTableHeaderRow
              columns={[
                'Currency',
                { label: 'Invoices', isNumeric: true },
                { label: 'Total', isNumeric: true },
              ]}
            />
          </thead>
          <tbody>
            {data.totals.map((sum) => (
              <tr key={sum.currency} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 text-left font-medium">
                  {sum.currency}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {sum.count.toLocaleString('en')}
                </td>
                <td className="py-1 text-right tabular-nums">
                  {formatMoney(sum.totalMinor, sum.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data.skipped.map((skipped) => (
        <p key={skipped.reason} className="text-sm text-amber-800">
          Left out: {skipped.count.toLocaleString('en')} ({skipped.reason})
        </p>
      ))}
      {data.members.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">
            {data.members.length < data.toIssue
              ? `The first ${data.members.length} members`
              : 'The members'}
          </summary>
          <ul className="mt-1 max-h-48 overflow-y-auto">
            {data.members.map((member) => (
              <li key={member.mid} className="flex justify-between gap-3 py-0.5">
                <span>
                  {member.number} {member.legalName}
                </span>
                <span className="tabular-nums">
                  {formatMoney(member.feeMinor, member.currency)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {data.schedule ? (
        <p className="text-xs text-slate-600">
          {data.schedule.paused
            ? `The yearly schedule (${data.schedule.description}) is paused.`
            : `The schedule runs it next on ${formatDateTime(data.schedule.nextRunAt)} (${data.schedule.timeZone}), for that year.`}
        </p>
      ) : null}
    </section>
  );
}
