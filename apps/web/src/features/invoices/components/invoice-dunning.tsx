import type { TInvoiceDetail, TInvoiceDunningNotice } from '@ops/contract';
import { Link } from 'react-router';
import {
  RecordTable,
  formatDate,
  formatDateTime,
  type RecordTableColumn,
} from '@/components/detail';
import { paths } from '@/config/paths';
import { InvoiceSection } from './invoice-section';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

/**
 * The invoice's dunning history (issue 17): every level sent, oldest first, with the run's day
 * and how it went out: a link to the e-mail, or "Postal" (no working e-mail address; the notice
 * is printed and posted) with whether its letter still needs posting (issue 32). Nothing is shown for an invoice never chased and no longer open.
 */
export function InvoiceDunning({ invoice }: { invoice: TInvoiceDetail }) {
  const isOpen = invoice.status === 'issued';
  if (invoice.dunning.length === 0 && !isOpen) return null;
  const columns: RecordTableColumn<TInvoiceDunningNotice>[] = [
    {
      id: 'level',
      label: 'Level',
      isKey: true,
      render: (notice) => `${notice.level} · ${notice.levelName}`,
    },
    {
      id: 'date',
      label: 'Date',
      isNoWrap: true,
      className: 'tabular-nums',
      render: (notice) => formatDate(notice.asOf),
    },
    {
      id: 'sent',
      label: 'Sent',
      isNoWrap: true,
      className: 'tabular-nums text-slate-600',
      render: (notice) => formatDateTime(notice.createdAt),
    },
    {
      id: 'by',
      label: 'By',
      render: (notice) =>
        notice.channel === 'email' && notice.emailId ? (
          <Link className={linkClass} to={paths.email.getHref({ eid: notice.emailId })}>
            E-mail
          </Link>
        ) : notice.channel === 'email' ? (
          'E-mail'
        ) : notice.letterPostedAt ? (
          // Issue 32: the letter confirmed posted, when and by whom.
          `Postal · letter posted ${formatDateTime(notice.letterPostedAt)}${notice.letterPostedBy ? ` by ${notice.letterPostedBy}` : ''}`
        ) : (
          'Postal · needs a letter'
        ),
    },
  ];
  return (
    <InvoiceSection id="invoice-dunning" title="Dunning">
      {invoice.dunning.length === 0 ? (
        <p className="text-sm text-slate-600">No reminder sent.</p>
      ) : (
        <RecordTable
          label="Dunning history"
          columns={columns}
          rows={invoice.dunning}
          rowKey={(notice) => String(notice.level)}
          stackBelow="md"
        />
      )}
    </InvoiceSection>
  );
}
