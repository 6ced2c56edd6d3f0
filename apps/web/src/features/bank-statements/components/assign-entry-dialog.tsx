import type { TBankEntryListItem } from '@ops/contract/bank-statements';
import { useEffect, useId, useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { formatMoney } from '@/components/detail';
import { getErrorMessage } from '@ops/ui/error-message';
import { invoiceStatusLabels } from '@/lib/labels';
import type { TInvoiceChoice } from '@ops/contract/invoice-choice';
import { useInvoiceChoices } from '../api/search-invoice-choices';
import { Modal } from '@ops/ui/modal';
import { StackedField } from '@/components/stacked-field';

/** Typing pauses this long before a search: each keystroke need not be a request. */
const debounceMs = 200;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), debounceMs);
    return () => clearTimeout(timer);
  }, [value]);
  return value === '' ? '' : debounced;
}

function ChoiceRow({
  choice,
  entry,
  isPending,
  onChoose,
}: {
  choice: TInvoiceChoice;
  entry: TBankEntryListItem;
  isPending: boolean;
  onChoose: (choice: TInvoiceChoice) => void;
}) {
  const otherCurrency = choice.currency !== entry.currency;
  const isOpen = choice.status === 'issued';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
      <div className="flex min-w-0 flex-col text-sm">
        <span>
          <span className="font-mono text-xs font-medium">{choice.number}</span>{' '}
          {choice.member ? (
            <span className="text-slate-800">
              {choice.member.name} <span className="text-slate-600">({choice.member.number})</span>
            </span>
          ) : (
            <span className="text-slate-600">No member</span>
          )}
        </span>
        <span className="text-xs text-slate-600 tabular-nums">
          {invoiceStatusLabels[choice.status]} · total{' '}
          {formatMoney(choice.totalMinor, choice.currency)} · open{' '}
          {formatMoney(choice.balanceMinor, choice.currency)}
          {otherCurrency ? ` · not in ${entry.currency}` : ''}
        </span>
      </div>
      <Button
        variant="secondary"
        disabled={otherCurrency || !isOpen}
        isBusy={isPending}
        onClick={() => onChoose(choice)}
        aria-label={`Assign to ${choice.number}`}
      >
        Assign
      </Button>
    </li>
  );
}

/**
 * Assigns an unmatched payment to an invoice the operator finds: by a number, a member's name or
 * a reference, through the search palette's engine. The payer's member's open invoices (when it
 * is known) come first; each candidate shows its balance.
 */
export function AssignEntryDialog({
  entry,
  isOpen,
  isPending,
  error,
  onAssign,
  onClose,
}: {
  entry: TBankEntryListItem;
  isOpen: boolean;
  isPending: boolean;
  error: string | null;
  onAssign: (choice: TInvoiceChoice) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const knownMember = entry.invoice?.memberMid ?? null;
  const {
    choices,
    knownCount,
    isSearching,
    error: searchError,
  } = useInvoiceChoices(isOpen ? q : '', isOpen ? knownMember : null);
  const inputId = useId();
  const helpId = useId();
  const amount = formatMoney(entry.amountMinor, entry.currency);
  return (
    <Modal width="wide" isOpen={isOpen} title={`Assign ${amount} to an invoice`} onClose={onClose}>
      <p className="text-sm text-slate-700">
        {entry.payerName ?? 'An unnamed payer'}
        {entry.payerIban ? ` (${entry.payerIban})` : ''} paid {amount}
        {entry.unstructuredText ? `: “${entry.unstructuredText}”` : ''}. The payment is booked to
        the invoice you choose: paid when it covers the balance, partially paid when not.
      </p>
      <StackedField controlId={inputId} label="Find the invoice">
        <p id={helpId} className="text-xs text-slate-600">
          An invoice number, a member’s name or number, or a payment reference
        </p>
        <input
          id={inputId}
          type="search"
          autoFocus
          autoComplete="off"
          aria-describedby={helpId}
          placeholder="e.g. 2026-000123 or Alpine Freight"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-xs ${focusRing}`}
        />
      </StackedField>
      <section
        aria-label="Candidate invoices"
        aria-busy={isSearching}
        className="flex flex-col gap-1"
      >
        {knownCount > 0 ? (
          <p className="text-xs text-slate-600">
            First the open invoices of {entry.invoice?.memberName ?? 'the payer’s member'}.
          </p>
        ) : null}
        {choices.length > 0 ? (
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {choices.map((choice) => (
              <ChoiceRow
                key={choice.iid}
                choice={choice}
                entry={entry}
                isPending={isPending}
                onChoose={onAssign}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">
            {searchError
              ? `The search failed: ${getErrorMessage(searchError)}`
              : q === ''
                ? 'Type to search the invoices.'
                : isSearching
                  ? 'Searching…'
                  : 'No invoice found.'}
          </p>
        )}
      </section>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
