import { invoiceCurrencies, invoiceKinds, type TInvoiceKind } from '@ops/contract';
import { LabelledControl } from '@ops/ui/labelled-control';
import { invoiceKindLabels } from '../labels';
import { draftInputClass as inputClass } from './input-class';

export type Currency = (typeof invoiceCurrencies)[number];

/** What a draft says besides its member and lines: kind, year, currency, dates, account. */
/** A bank account the draft can name. */
export type AccountChoice = { id: string; label: string; qrIban: string | null };

export type DraftTerms = {
  kind: TInvoiceKind;
  year: string;
  currency: Currency;
  issueDate: string;
  dueDate: string;
  bankAccountId: string;
};

/**
 * Kind, year, currency, issue and due dates and the bank account (the accounts of the chosen
 * currency, read by the form; changing the currency clears the account).
 */
export function TermsFields({
  terms,
  accounts,
  onChange,
  isDisabled,
}: {
  terms: DraftTerms;
  /** The active accounts of the draft's currency (undefined while they load). */
  accounts: readonly AccountChoice[] | undefined;
  onChange: (change: Partial<DraftTerms>) => void;
  isDisabled: boolean;
}) {
  const { kind, year, currency, issueDate, dueDate, bankAccountId } = terms;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <LabelledControl label="Kind">
        <select
          className={inputClass}
          value={kind}
          disabled={isDisabled}
          onChange={(event) => onChange({ kind: event.target.value as TInvoiceKind })}
        >
          {invoiceKinds.map((value) => (
            <option key={value} value={value}>
              {invoiceKindLabels[value]}
            </option>
          ))}
        </select>
      </LabelledControl>
      <LabelledControl label="Year">
        <input
          className={inputClass}
          type="number"
          inputMode="numeric"
          value={year}
          disabled={isDisabled}
          onChange={(event) => onChange({ year: event.target.value })}
        />
      </LabelledControl>
      <LabelledControl label="Currency">
        <select
          className={inputClass}
          value={currency}
          disabled={isDisabled}
          onChange={(event) =>
            onChange({ currency: event.target.value as Currency, bankAccountId: '' })
          }
        >
          {invoiceCurrencies.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
      </LabelledControl>
      <LabelledControl label="Issue date" hint="Empty: the day it is issued.">
        <input
          className={inputClass}
          type="date"
          value={issueDate}
          disabled={isDisabled}
          onChange={(event) => onChange({ issueDate: event.target.value })}
        />
      </LabelledControl>
      <LabelledControl label="Due date" hint="Empty: 30 days after issue.">
        <input
          className={inputClass}
          type="date"
          value={dueDate}
          disabled={isDisabled}
          onChange={(event) => onChange({ dueDate: event.target.value })}
        />
      </LabelledControl>
      <LabelledControl label="Bank account">
        <select
          className={inputClass}
          value={bankAccountId}
          disabled={isDisabled}
          onChange={(event) => onChange({ bankAccountId: event.target.value })}
        >
          <option value="">Default {currency} account</option>
          {(accounts ?? []).map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
              {account.qrIban ? ' (QR-bill)' : ''}
            </option>
          ))}
        </select>
      </LabelledControl>
    </div>
  );
}
