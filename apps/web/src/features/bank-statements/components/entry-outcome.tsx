import type { TBankEntryListItem } from '@ops/contract/bank-statements';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { bankEntryStateLabels, bankMatchRuleLabels, paymentOutcomeLabels } from './labels';

const linkClass = 'text-sky-700 underline hover:text-sky-900';

const stateTones: Record<TBankEntryListItem['state'], string> = {
  booked: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  suggested: 'bg-sky-50 text-sky-800 ring-sky-200',
  unmatched: 'bg-amber-50 text-amber-900 ring-amber-200',
  ignored: 'bg-slate-100 text-slate-700 ring-slate-200',
  debit: 'bg-slate-100 text-slate-700 ring-slate-200',
  duplicate: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function EntryStateBadge({ state }: { state: TBankEntryListItem['state'] }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${stateTones[state]}`}
    >
      {bankEntryStateLabels[state]}
    </span>
  );
}

function InvoiceLink({ invoice }: { invoice: NonNullable<TBankEntryListItem['invoice']> }) {
  return (
    <>
      <Link to={paths.invoice.getHref({ iid: invoice.iid })} className={linkClass}>
        invoice {invoice.number}
      </Link>
      {invoice.memberName ? ` (${invoice.memberName})` : ''}
    </>
  );
}

/** Why, in the words of the server, else the rule's name. */
function reasonOf(entry: TBankEntryListItem): string {
  return entry.matchReason ?? (entry.matchRule ? bankMatchRuleLabels[entry.matchRule] : '');
}

/**
 * What became of a bank entry, in one sentence: booked to an invoice and why, suggested for one
 * and why, unmatched and why, not a member payment and why, a duplicate, or a debit.
 */
export function EntryOutcome({ entry }: { entry: TBankEntryListItem }) {
  const reason = reasonOf(entry);
  switch (entry.state) {
    case 'booked':
      return (
        <>
          Booked to {entry.invoice ? <InvoiceLink invoice={entry.invoice} /> : 'an invoice'}
          {reason ? ` — ${reason}` : ''}
          {entry.outcome ? `. ${paymentOutcomeLabels[entry.outcome]}.` : '.'}
        </>
      );
    case 'suggested':
      return (
        <>
          Suggested: {entry.invoice ? <InvoiceLink invoice={entry.invoice} /> : 'an invoice'}
          {reason ? ` — ${reason}` : ''}. Confirm to book it.
        </>
      );
    case 'unmatched':
      return <>Unmatched{entry.unmatchedReason ? ` — ${entry.unmatchedReason}` : ''}.</>;
    case 'ignored':
      return <>Not a member payment{entry.ignoredReason ? ` — ${entry.ignoredReason}` : ''}.</>;
    case 'duplicate':
      return (
        <>
          Duplicate of a payment imported before
          {entry.duplicateOf ? (
            <>
              {' '}
              (entry <code className="font-mono text-xs">{entry.duplicateOf}</code>)
            </>
          ) : null}
          : booked only once.
        </>
      );
    case 'debit':
      return <>Debit: listed, never booked.</>;
  }
}
