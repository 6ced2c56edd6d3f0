import { dunningSkipReasonLabels, type TDunningChannel, type TDunningReport } from '@ops/contract';
import { Link } from 'react-router';
import { formatCount, formatDate, formatMoney } from '@/components/detail';
import { listHrefs, paths } from '@/config/paths';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

export const dunningChannelLabels: Record<TDunningChannel, string> = {
  email: 'E-mail',
  postal: 'Postal',
};

/** Open balances per currency, "CHF 1,250.00 · EUR 300.00"; "—" when there are none. */
export function currencyTotalsText(
  totals: readonly { currency: string; amountMinor: string }[],
): string {
  const shown = totals.filter((total) => total.amountMinor !== '0');
  if (shown.length === 0) return '—';
  return shown.map((total) => formatMoney(total.amountMinor, total.currency)).join(' · ');
}

/** "1 invoice", "12 invoices". */
const invoicesText = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'invoice' : 'invoices'}`;

/**
 * The postal reminders: a preview says they will need a letter; a run's report, which recorded
 * them, leads to them (issue 32): the invoices list filtered to those that need a letter, and
 * the letters to print (`onPrintLetters`: the Postal letters dialog).
 */
function PostalReminders({
  report,
  onOpenLink,
  onPrintLetters,
}: {
  report: TDunningReport;
  onOpenLink?: (() => void) | undefined;
  onPrintLetters?: (() => void) | undefined;
}) {
  if (report.postal === 0) return 'None';
  const why = `${invoicesText(report.postal)} (no e-mail address, or the last e-mail could not be delivered)`;
  if (report.dryRun) return `${why}: the run records them for a letter to print and post`;
  return (
    <>
      {why}: print and post these.{' '}
      <Link
        className={linkClass}
        to={listHrefs.invoices({ needsLetter: true })}
        onClick={onOpenLink}
      >
        Invoices that need a letter
      </Link>
      {onPrintLetters ? (
        <>
          {' · '}
          <button type="button" className={linkClass} onClick={onPrintLetters}>
            Print the letters…
          </button>
        </>
      ) : null}
    </>
  );
}

/**
 * What a dunning run would send (a preview) or sent (its report): per level the invoices and
 * their open balances per currency, the invoices skipped per reason, the notices to post, then
 * the first invoices (highest level first, then the most days overdue), each a link. Links close
 * the dialog around it (`onOpenLink`): the record opens beside the list.
 */
export function DunningReport({
  report,
  onOpenLink,
  onPrintLetters,
}: {
  report: TDunningReport;
  onOpenLink?: () => void;
  /** Opens the letters of the postal reminders a run recorded (issue 32). */
  onPrintLetters?: () => void;
}) {
  const chased = report.levels.reduce((sum, level) => sum + level.invoices, 0);
  const skipped = report.skipped.filter((entry) => entry.invoices > 0);
  const skippedCount = skipped.reduce((sum, entry) => sum + entry.invoices, 0);
  const title = report.dryRun
    ? `Due on ${formatDate(report.asOf)}`
    : `Sent for ${formatDate(report.asOf)}`;
  return (
    <section
      aria-label={report.dryRun ? 'Dunning preview' : 'Dunning report'}
      className="flex flex-col gap-3"
    >
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {chased === 0 ? (
        <p className="text-sm text-slate-700">
          {report.dryRun
            ? 'No invoice is due for a reminder on this day.'
            : 'No invoice was due for a reminder on this day: nothing was sent.'}
        </p>
      ) : null}
      <table className="w-full text-sm" aria-label="Invoices per level">
        <thead>
          <SmallTableHeaderRow
            columns={['Level', { label: 'Invoices', isNumeric: true }, 'Open balances']}
          />
        </thead>
        <tbody>
          {report.levels.map((level) => (
            <tr key={level.level} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {level.level} · {level.name}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{formatCount(level.invoices)}</td>
              <td className="py-1 tabular-nums">{currencyTotalsText(level.totals)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="py-1 pr-3 text-left">
              Total
            </th>
            <td className="py-1 pr-3 text-right tabular-nums" data-testid="dunning-total">
              {formatCount(chased)}
            </td>
            <td className="py-1 tabular-nums">{currencyTotalsText(report.totals)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Postal reminders</dt>
        <dd>
          <PostalReminders
            report={report}
            onOpenLink={onOpenLink}
            onPrintLetters={onPrintLetters}
          />
        </dd>
        {report.dryRun ? null : (
          <>
            <dt className="text-slate-600">E-mails queued</dt>
            <dd className="tabular-nums">{formatCount(report.emailsQueued)}</dd>
          </>
        )}
        {report.suspended > 0 || !report.dryRun ? (
          <>
            <dt className="text-slate-600">
              {report.dryRun ? 'Members to suspend' : 'Members suspended'}
            </dt>
            <dd className="tabular-nums">{formatCount(report.suspended)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Skipped</dt>
        <dd>
          {skippedCount === 0 ? (
            'None'
          ) : (
            <ul aria-label="Skipped invoices per reason">
              {skipped.map((entry) => (
                <li key={entry.reason}>
                  {dunningSkipReasonLabels[entry.reason]}: {invoicesText(entry.invoices)}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {report.items.length > 0 ? (
        <div className="flex flex-col gap-1">
          <div className="max-h-72 overflow-auto rounded-md border border-slate-200">
            <table className="w-full text-sm" aria-label="Invoices chased">
              <thead className="sticky top-0 bg-white">
                <SmallTableHeaderRow
                  columns={[
                    'Invoice',
                    'Member',
                    'Level',
                    { label: 'Days overdue', isNumeric: true },
                    { label: 'Balance', isNumeric: true },
                    'By',
                  ]}
                  padding="px-2 py-1"
                  gap=""
                />
              </thead>
              <tbody>
                {report.items.map((item) => (
                  <tr key={item.invoiceId} className="border-b border-slate-100">
                    <td className="px-2 py-1 font-mono text-xs">
                      <Link
                        className={linkClass}
                        to={paths.invoice.getHref({ iid: item.invoiceId })}
                        onClick={onOpenLink}
                      >
                        {item.invoiceNumber}
                      </Link>
                    </td>
                    <td className="px-2 py-1">
                      <Link
                        className={linkClass}
                        to={paths.member.getHref({ mid: item.memberMid })}
                        onClick={onOpenLink}
                      >
                        {item.memberName}
                      </Link>
                    </td>
                    <td className="px-2 py-1">{item.levelName}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{item.daysOverdue}</td>
                    <td className="px-2 py-1 text-right tabular-nums">
                      {formatMoney(item.balanceMinor, item.currency)}
                    </td>
                    <td className="px-2 py-1">{dunningChannelLabels[item.channel]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.itemsTotal > report.items.length ? (
            <p className="text-xs text-slate-600">
              The first {formatCount(report.items.length)} of {invoicesText(report.itemsTotal)}.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
