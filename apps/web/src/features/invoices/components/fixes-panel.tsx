import type { TFixInvoice } from '@ops/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { isVersionConflict } from '@/components/detail/conflict-notice';
import { formatMoney } from '@/components/detail/format';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';

/** Findings per page of a check. */
export const findingsPageSize = 20;

export type FixesPanelProps = {
  title: string;
  description: string;
  count: number;
  /** The panel's findings from `offset`; rendered only while it is open. */
  children: (offset: number, limit: number) => ReactNode;
};

/**
 * One check: its title and count, and (opened) a page of its findings with Previous and Next (a
 * check can find thousands). Checks with findings start open.
 */
export function FixesPanel({ title, description, count, children }: FixesPanelProps) {
  const headingId = useId();
  const bodyId = useId();
  const [isOpen, setIsOpen] = useState(count > 0);
  const [offset, setOffset] = useState(0);
  // Repairs shrink the list: never stay on a page past its end.
  const lastPageOffset = Math.max(0, Math.floor((count - 1) / findingsPageSize) * findingsPageSize);
  const pageOffset = Math.min(offset, lastPageOffset);
  const pageEnd = Math.min(count, pageOffset + findingsPageSize);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-slate-50/60"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 p-3">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
            {title}
            <span
              data-testid="fix-count"
              className={[
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                count > 0 ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900',
              ].join(' ')}
            >
              {count === 0 ? 'none' : count.toLocaleString('en')}
            </span>
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
        {count > 0 ? (
          <Button
            variant="secondary"
            aria-expanded={isOpen}
            aria-controls={bodyId}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? 'Hide findings' : 'Show findings'}
          </Button>
        ) : null}
      </header>
      {count > 0 && isOpen ? (
        <div id={bodyId} className="flex flex-col gap-2 border-t border-slate-200 p-3">
          {children(pageOffset, findingsPageSize)}
          {count > findingsPageSize ? (
            <nav
              aria-label={`Pages of ${title.toLowerCase()}`}
              className="flex flex-wrap items-center gap-2 text-sm text-slate-600"
            >
              <Button
                variant="secondary"
                aria-disabled={pageOffset === 0 || undefined}
                onClick={() => {
                  if (pageOffset > 0) setOffset(Math.max(0, pageOffset - findingsPageSize));
                }}
              >
                Previous
              </Button>
              <span>
                {(pageOffset + 1).toLocaleString('en')}–{pageEnd.toLocaleString('en')} of{' '}
                {count.toLocaleString('en')}
              </span>
              <Button
                variant="secondary"
                aria-disabled={pageEnd >= count || undefined}
                onClick={() => {
                  if (pageEnd < count) setOffset(pageOffset + findingsPageSize);
                }}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A finding as a card: what is wrong, the proposed repair in words, and its buttons. */
export function FindingCard({
  children,
  proposal,
  actions,
  error,
  label,
}: {
  children: ReactNode;
  proposal: string;
  actions?: ReactNode;
  error?: unknown;
  /** Names the finding for assistive technology (e.g. the invoice number). */
  label: string;
}) {
  return (
    <article
      aria-label={label}
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm"
    >
      {children}
      <p className="text-slate-700">
        <span className="font-medium text-slate-900">Proposed repair: </span>
        {proposal}
      </p>
      {actions ? <div className="flex flex-wrap items-end gap-2">{actions}</div> : null}
      <RepairError error={error} />
    </article>
  );
}

/** Why a repair was refused, under the finding; a 409 says the record changed meanwhile. */
export function RepairError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-900">
      {isVersionConflict(error) ? (
        <>
          <span className="font-semibold">Not repaired: the record changed meanwhile. </span>
          {getErrorMessage(error)} The findings have been fetched again.
        </>
      ) : (
        getErrorMessage(error)
      )}
    </p>
  );
}

const linkClass =
  'font-medium text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700';

export function MemberLink({ mid, number, name }: { mid: string; number: string; name?: string }) {
  return (
    <Link to={paths.member.getHref({ mid })} className={linkClass}>
      {number}
      {name ? ` ${name}` : ''}
    </Link>
  );
}

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
          {invoice.paidAt ? ` on ${invoice.paidAt.slice(0, 10)}` : ''}
        </span>
      ) : null}
      {invoice.source !== 'generated' ? <span>· {invoice.source}</span> : null}
    </p>
  );
}

/** Loading and failure of a panel's findings. */
export function FindingsState({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (isPending) return <p className="text-sm text-slate-500">Loading findings…</p>;
  if (error) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-900">
        The findings could not be loaded: {getErrorMessage(error)}
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}

export const inputClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600';
