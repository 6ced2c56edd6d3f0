import { Fragment, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@ops/ui/error-message';

/**
 * One check of a fixes screen: its title and count, a Show/Hide toggle, and (open) its findings
 * with the area's paging under them. A check with findings starts open; the area keeps its page.
 */
export function FixesPanelFrame({
  title,
  description,
  count,
  children,
}: {
  title: string;
  description: string;
  count: number;
  /** The findings and their paging; rendered only while open and when there are findings. */
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(count > 0);
  const headingId = useId();
  const bodyId = useId();
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
          {children}
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
  /** Names the finding for assistive technology (e.g. the member or invoice number). */
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

/**
 * A finding about one member (no country, an invalid e-mail, paid but still pending): the card
 * is named by the member's number and name, and opens with the link to the member; `about`
 * goes on in the link's line (the member's status, say).
 */
export function MemberFindingCard({
  finding,
  about,
  children,
  ...card
}: Omit<Parameters<typeof FindingCard>[0], 'label' | 'proposal'> & {
  finding: { member: { mid: string; number: string; legalName: string }; proposal: string };
  about?: ReactNode;
}) {
  const { member } = finding;
  return (
    <FindingCard
      label={`${member.number} ${member.legalName}`}
      proposal={finding.proposal}
      {...card}
    >
      <p>
        <MemberLink mid={member.mid} number={member.number} name={member.legalName} />
        {about}
      </p>
      {children}
    </FindingCard>
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

/**
 * What a repair asks for before it runs (the corrected e-mail, the country, the member number):
 * one small control under its label; `children` renders the control with the label's id.
 */
export function FindingField({
  label,
  children,
}: {
  label: ReactNode;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A repair sent from its field(s) and a submit button, in one row with the card's buttons. */
export function RepairForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export const linkClass =
  'font-medium text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700';

/** A member's number and name, linking to its detail. */
export function MemberLink({ mid, number, name }: { mid: string; number: string; name?: string }) {
  return (
    <Link to={paths.member.getHref({ mid })} className={linkClass}>
      {number}
      {name ? ` ${name}` : ''}
    </Link>
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

/**
 * One check's findings, each rendered by the check, with the loading and error states. `query`
 * is the check's findings query (the area's own).
 */
export function FindingsList<P extends { findings: readonly unknown[] }>({
  query,
  keyOf,
  children,
}: {
  query: { data: P | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  keyOf: (finding: P['findings'][number]) => string;
  /** One finding's card; `page` is the whole answer (e.g. the countries to choose from). */
  children: (finding: P['findings'][number], page: P) => ReactNode;
}) {
  const page = query.data;
  if (!page) {
    return (
      <FindingsState
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <>
      {page.findings.map((finding) => (
        <Fragment key={keyOf(finding)}>{children(finding, page)}</Fragment>
      ))}
    </>
  );
}
