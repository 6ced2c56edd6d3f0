import type { TFixInvoice } from '@ops/contract';
import { Link } from 'react-router';
import { formatMoney } from '@ops/ui/format';
import { linkClass, MemberLink } from '@/components/fixes/fixes-panel';
import { paths } from '@/config/paths';
import { formatDate } from '@ops/ui/format';

export {
  FindingCard,
  FindingField,
  FindingsState,
  inputClass,
  MemberFindingCard,
  MemberLink,
  RepairError,
} from '@/components/fixes/fixes-panel';

export function InvoiceLink({ iid, number }: { iid: string; number: string }) {
  return (
    <Link to={paths.invoice.getHref({ iid })} className={linkClass}>
      {number}
    </Link>
  );
}

export function CardLink({ sid, label }: { sid: string; label: string }) {
  return (
    <Link to={paths.stripeInvoice.getHref({ sid })} className={linkClass}>
      {label}
    </Link>
  );
}

const statusTone: Record<TFixInvoice['status'], string> = {
  draft: 'bg-slate-100 text-slate-800',
  issued: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  void: 'bg-slate-200 text-slate-700 line-through',
  uncollectible: 'bg-red-100 text-red-900',
  credited: 'bg-slate-100 text-slate-700',
};

export function InvoiceStatus({ status }: { status: TFixInvoice['status'] }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${statusTone[status]}`}>
      {status}
    </span>
  );
}

/** One invoice in a line: number, status, member, kind and year, total (and payment). */
export function InvoiceLine({ invoice }: { invoice: TFixInvoice }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
      <InvoiceLink iid={invoice.iid} number={invoice.number} />
      <InvoiceStatus status={invoice.status} />
      <span>
        {invoice.kind} {invoice.year}
      </span>
      <span>{formatMoney(invoice.totalMinor, invoice.currency)}</span>
      {invoice.member ? (
        <span>
          ·{' '}
          <MemberLink
            mid={invoice.member.mid}
            number={invoice.member.number}
            name={invoice.member.legalName}
          />
          {invoice.member.isDeleted ? ' (deleted)' : ''}
        </span>
      ) : (
        <span>· no member</span>
      )}
      {invoice.status === 'paid' && invoice.paidAmountMinor !== null ? (
        <span>
          · paid {formatMoney(invoice.paidAmountMinor, invoice.currency)}
          {invoice.paidMethod ? ` by ${invoice.paidMethod}` : ''}
          {invoice.paidAt ? ` on ${formatDate(invoice.paidAt)}` : ''}
        </span>
      ) : null}
      {invoice.source !== 'generated' ? <span>· {invoice.source}</span> : null}
    </p>
  );
}
