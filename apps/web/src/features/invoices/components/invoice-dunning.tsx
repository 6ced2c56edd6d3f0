import type { TInvoiceDetail } from '@ops/contract';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/components/detail';
import { paths } from '@/config/paths';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

/**
 * The invoice's dunning history (issue 17): every level sent, oldest first, with the run's day
 * and how it went out: a link to the e-mail, or "Postal" (no working e-mail address; the notice
 * is printed and posted). Nothing is shown for an invoice never chased and no longer open.
 */
export function InvoiceDunning({ invoice }: { invoice: TInvoiceDetail }) {
  const isOpen = invoice.status === 'issued';
  if (invoice.dunning.length === 0 && !isOpen) return null;
  return (
    <section aria-labelledby="invoice-dunning" className="flex flex-col gap-2">
      <h2 id="invoice-dunning" className="text-sm font-semibold text-slate-900">
        Dunning
      </h2>
      {invoice.dunning.length === 0 ? (
        <p className="text-sm text-slate-600">No reminder sent.</p>
      ) : (
        <table className="w-full text-sm" aria-label="Dunning history">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th className="py-1 pr-2 font-medium">Level</th>
              <th className="py-1 pr-2 font-medium">Date</th>
              <th className="py-1 pr-2 font-medium">Sent</th>
              <th className="py-1 font-medium">By</th>
            </tr>
          </thead>
          <tbody>
            {invoice.dunning.map((notice) => (
              <tr key={notice.level} className="border-b border-slate-100">
                <td className="py-1 pr-2">
                  {notice.level} · {notice.levelName}
                </td>
                <td className="py-1 pr-2 tabular-nums">{formatDate(notice.asOf)}</td>
                <td className="py-1 pr-2 tabular-nums text-slate-600">
                  {formatDateTime(notice.createdAt)}
                </td>
                <td className="py-1">
                  {notice.channel === 'email' && notice.emailId ? (
                    <Link className={linkClass} to={paths.email.getHref({ eid: notice.emailId })}>
                      E-mail
                    </Link>
                  ) : notice.channel === 'email' ? (
                    'E-mail'
                  ) : (
                    'Postal'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
