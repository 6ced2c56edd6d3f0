import type { TBankEntryListItem } from '@ops/contract/bank-statements';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { formatCount, formatDate, formatMoney } from '@/components/detail';
import { ErrorCard } from '@ops/ui/error-card';
import { ProgressBar } from '@/components/progress-bar';
import { getErrorMessage } from '@ops/ui/error-message';
import { useBankEntries, type BankEntriesView } from '../api/get-bank-entries';
import { EntryActions } from './entry-actions';
import { EntryOutcome, EntryStateBadge } from './entry-outcome';

/** One payment: amount, day, payer, reference and text, what became of it, and its actions. */
export function EntryItem({
  entry,
  onDone,
}: {
  entry: TBankEntryListItem;
  onDone: (message: string) => void;
}) {
  const amount = formatMoney(entry.amountMinor, entry.currency);
  return (
    <li
      data-state={entry.state}
      aria-label={`${entry.direction === 'debit' ? 'Debit' : 'Payment'} of ${amount}${entry.payerName ? ` from ${entry.payerName}` : ''}`}
      className="flex flex-col gap-1.5 px-3 py-2.5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span
            className={`font-semibold tabular-nums ${entry.direction === 'debit' ? 'text-slate-600' : 'text-slate-900'}`}
          >
            {entry.direction === 'debit' ? '−' : ''}
            {amount}
          </span>
          <span className="text-sm tabular-nums text-slate-600">
            {formatDate(entry.bookingDate ?? entry.valueDate)}
          </span>
          <span className="text-sm text-slate-800">{entry.payerName ?? 'No payer name'}</span>
          {entry.payerIban ? (
            <span className="font-mono text-xs text-slate-600">{entry.payerIban}</span>
          ) : null}
        </span>
        <EntryStateBadge state={entry.state} />
      </div>
      {entry.structuredReference || entry.unstructuredText ? (
        <p className="text-xs break-words text-slate-600">
          {entry.structuredReference ? (
            <span className="font-mono">{entry.structuredReference}</span>
          ) : null}
          {entry.structuredReference && entry.unstructuredText ? ' · ' : ''}
          {entry.unstructuredText ? `“${entry.unstructuredText}”` : ''}
          {entry.isBatch ? ' · part of a batch booking' : ''}
        </p>
      ) : null}
      <p className="text-sm text-slate-800">
        <EntryOutcome entry={entry} />
      </p>
      <EntryActions entry={entry} onDone={onDone} />
    </li>
  );
}

/**
 * A view of the bank entries (a statement's, or the queue) as a work list: each payment with
 * what became of it and the actions it allows, 50 at a time, and the server's sentence after
 * each action in a status line.
 */
export function EntryList({
  view,
  label,
  emptyMessage,
}: {
  view: BankEntriesView;
  label: string;
  emptyMessage: string;
}) {
  const entries = useBankEntries(view);
  const [message, setMessage] = useState<string | null>(null);
  const rows = entries.data?.pages.flatMap((page) => page.data) ?? [];
  const first = entries.data?.pages[0];
  return (
    <section aria-label={label} className="flex flex-col gap-2">
      <p
        role="status"
        className={
          message
            ? 'rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
            : 'sr-only'
        }
      >
        {message ?? ''}
      </p>
      {entries.isPending ? <ProgressBar label={`Loading ${label.toLowerCase()}`} /> : null}
      {entries.isError ? (
        <ErrorCard
          title={`${label} could not be loaded`}
          message={getErrorMessage(entries.error)}
        />
      ) : null}
      {first ? (
        <p className="text-sm text-slate-600">
          {first.totalIsExact ? '' : 'about '}
          {formatCount(first.estimatedTotal)} {first.estimatedTotal === 1 ? 'payment' : 'payments'}
        </p>
      ) : null}
      {entries.isSuccess && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          {emptyMessage}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {rows.map((entry) => (
            <EntryItem key={entry.beid} entry={entry} onDone={setMessage} />
          ))}
        </ul>
      ) : null}
      {entries.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            isBusy={entries.isFetchingNextPage}
            onClick={() => void entries.fetchNextPage()}
          >
            {entries.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
