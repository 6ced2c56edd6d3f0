import {
  computeInvoiceTotals,
  donationVatExemption,
  formatMinorPlain,
  invoiceCurrencies,
  invoiceKinds,
  membershipVatExemption,
  parseMajorAmount,
  type TInvoiceDetail,
  type TInvoiceKind,
  type TInvoiceLine,
} from '@ops/contract';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Button, focusRing } from '@/components/button';
import { ConflictNotice, formatMoney, isVersionConflict } from '@/components/detail';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import {
  useBankAccounts,
  useCreateInvoiceDraft,
  useMemberChoices,
  useUpdateInvoiceDraft,
} from '../api/invoices';
import { invoiceKindLabels } from './labels';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { memberStatusLabel } from '@/lib/labels';

type Currency = (typeof invoiceCurrencies)[number];

/** VAT choices of a line: Swiss rates, or an exemption named in words. */
const vatChoices = [
  { value: 'exempt-membership', label: 'Outside VAT (membership fee)' },
  { value: '8.1', label: 'VAT 8.1 % (standard)' },
  { value: '2.6', label: 'VAT 2.6 % (reduced)' },
  { value: '3.8', label: 'VAT 3.8 % (accommodation)' },
  { value: '0', label: 'VAT 0 %' },
  { value: 'exempt-other', label: 'Exempt (other reason)' },
] as const;

type LineDraft = {
  key: number;
  description: string;
  quantity: string;
  amount: string;
  vat: string;
  exemption: string;
  isDonation: boolean;
};

let nextKey = 1;
const emptyLine = (): LineDraft => ({
  key: nextKey++,
  description: '',
  quantity: '1',
  amount: '',
  vat: 'exempt-membership',
  exemption: '',
  isDonation: false,
});

function lineFrom(line: TInvoiceLine): LineDraft {
  const vat =
    line.vatRate !== null
      ? String(line.vatRate)
      : line.vatExemption === membershipVatExemption
        ? 'exempt-membership'
        : 'exempt-other';
  return {
    key: nextKey++,
    description: line.description,
    quantity: String(line.quantity),
    amount: formatMinorPlain(line.unitAmountMinor),
    vat,
    exemption: vat === 'exempt-other' ? (line.vatExemption ?? '') : '',
    isDonation: line.isDonation === true || line.vatExemption === donationVatExemption,
  };
}

/** A line as the contract takes it, or what is wrong with it. */
function toLine(draft: LineDraft): { line: TInvoiceLine | null; problem: string | null } {
  const amount = parseMajorAmount(draft.amount);
  const quantity = Number(draft.quantity);
  if (!amount.ok)
    return {
      line: null,
      problem: draft.amount.trim() === '' ? 'Enter the amount' : amount.message,
    };
  if (!Number.isInteger(quantity) || quantity < 1)
    return { line: null, problem: 'Quantity: a whole number from 1' };
  const isExempt = draft.isDonation || draft.vat.startsWith('exempt');
  return {
    problem: null,
    line: {
      description: draft.description.trim(),
      quantity,
      unitAmountMinor: amount.minor,
      vatRate: isExempt ? null : Number(draft.vat),
      vatExemption: draft.isDonation
        ? donationVatExemption
        : draft.vat === 'exempt-membership'
          ? membershipVatExemption
          : draft.vat === 'exempt-other'
            ? draft.exemption.trim()
            : null,
      ...(draft.isDonation ? { isDonation: true } : {}),
    },
  };
}

/** "body.lines.1.quantity" → "Line 2, quantity". */
function fieldName(path: string): string {
  const line = /^body\.lines\.(\d+)\.?(.*)$/.exec(path);
  if (line) return `Line ${Number(line[1]) + 1}${line[2] ? `, ${line[2]}` : ''}`;
  return path.replace(/^body\./, '');
}

export type InvoiceDraftFormProps = {
  /** The draft being edited; a new draft when absent. */
  invoice?: TInvoiceDetail;
  onSaved: (invoice: TInvoiceDetail) => void;
  onCancel: () => void;
  onReload?: () => void;
};

/**
 * Creates or edits a draft invoice: member, kind, year, currency, dates, bank account and lines
 * (amounts typed in major units, parsed exactly), with the totals computed live as the server
 * will compute them.
 */
export function InvoiceDraftForm({ invoice, onSaved, onCancel, onReload }: InvoiceDraftFormProps) {
  const id = useId();
  const create = useCreateInvoiceDraft();
  const update = useUpdateInvoiceDraft(invoice?.iid ?? '');
  const mutation = invoice ? update : create;
  const [member, setMember] = useState<{ mid: string; label: string } | null>(
    invoice?.member
      ? { mid: invoice.member.mid, label: `${invoice.member.name} (${invoice.member.number})` }
      : null,
  );
  const [kind, setKind] = useState<TInvoiceKind>(invoice?.kind ?? 'membership');
  const [year, setYear] = useState(String(invoice?.year ?? new Date().getFullYear()));
  const [currency, setCurrency] = useState<Currency>(
    (invoice?.currency as Currency | undefined) ?? 'CHF',
  );
  const [issueDate, setIssueDate] = useState(invoice?.issueDate ?? '');
  const [dueDate, setDueDate] = useState(invoice?.dueDate ?? '');
  const [bankAccountId, setBankAccountId] = useState(invoice?.bankAccount?.id ?? '');
  const [lines, setLines] = useState<LineDraft[]>(
    invoice ? invoice.lines.map(lineFrom) : [emptyLine()],
  );
  const [problems, setProblems] = useState<string[]>([]);
  const accounts = useBankAccounts(currency);
  // Unsaved edits: the draft as typed differs from the one the form opened with. A save in
  // flight or done counts as clean: the form closes (onSaved), and must not hold that navigation.
  const draftSnapshot = JSON.stringify([
    member?.mid,
    kind,
    year,
    currency,
    issueDate,
    dueDate,
    bankAccountId,
    lines,
  ]);
  const [openedSnapshot] = useState(draftSnapshot);
  const isDirty = draftSnapshot !== openedSnapshot && !mutation.isPending && !mutation.isSuccess;

  const parsed = useMemo(() => lines.map(toLine), [lines]);
  const totals = useMemo(
    () => computeInvoiceTotals(parsed.flatMap((entry) => (entry.line ? [entry.line] : []))),
    [parsed],
  );
  const setLine = (key: number, change: Partial<LineDraft>) =>
    setLines((current) =>
      current.map((line) => (line.key === key ? { ...line, ...change } : line)),
    );

  const submit = () => {
    const local: string[] = [];
    if (!member) local.push('Member: choose the member');
    parsed.forEach((entry, i) => {
      if (entry.problem) local.push(`Line ${i + 1}: ${entry.problem}`);
      else if (entry.line && entry.line.description === '')
        local.push(`Line ${i + 1}: describe it`);
    });
    setProblems(local);
    if (local.length > 0 || !member) return;
    const body = {
      memberMid: member.mid,
      kind,
      year: Number(year),
      currency,
      issueDate: issueDate || null,
      dueDate: dueDate || null,
      bankAccountId: bankAccountId || null,
      lines: parsed.flatMap((entry) => (entry.line ? [entry.line] : [])),
    };
    const onError = (error: unknown) => {
      if (isApiError(error) && error.issues?.length) {
        setProblems(error.issues.map((issue) => `${fieldName(issue.path)}: ${issue.message}`));
      } else if (!isVersionConflict(error)) {
        setProblems([getErrorMessage(error)]);
      }
    };
    if (invoice)
      update.mutate({ ...body, version: invoice.version }, { onSuccess: onSaved, onError });
    else create.mutate(body, { onSuccess: onSaved, onError });
  };

  const inputClass = `rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-xs ${focusRing}`;
  const isBusy = mutation.isPending;

  return (
    <form
      noValidate
      aria-label={invoice ? `Edit draft ${invoice.number}` : 'New invoice'}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-4 rounded-lg border border-sky-200 bg-sky-50/40 p-4"
    >
      <UnsavedChangesGuard isDirty={isDirty} />
      <div>
        <h3 className="text-base font-semibold text-slate-900">
          {invoice ? `Edit draft ${invoice.number}` : 'New invoice (draft)'}
        </h3>
        <p className="text-sm text-slate-600">
          A draft gets its invoice number, dates and payment reference when it is issued. Totals are
          computed from the lines.
        </p>
      </div>
      {mutation.error && isVersionConflict(mutation.error) ? (
        <ConflictNotice message={mutation.error.message} onReload={() => onReload?.()} />
      ) : null}

      {member ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-800">Member</span>
          <span data-testid="chosen-member">{member.label}</span>
          <Button variant="secondary" onClick={() => setMember(null)} disabled={isBusy}>
            Change member
          </Button>
        </div>
      ) : (
        <MemberPicker onChoose={setMember} isDisabled={isBusy} />
      )}

      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Kind</span>
          <select
            className={inputClass}
            value={kind}
            disabled={isBusy}
            onChange={(event) => setKind(event.target.value as TInvoiceKind)}
          >
            {invoiceKinds.map((value) => (
              <option key={value} value={value}>
                {invoiceKindLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Year</span>
          <input
            className={inputClass}
            type="number"
            inputMode="numeric"
            value={year}
            disabled={isBusy}
            onChange={(event) => setYear(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Currency</span>
          <select
            className={inputClass}
            value={currency}
            disabled={isBusy}
            onChange={(event) => {
              setCurrency(event.target.value as Currency);
              setBankAccountId('');
            }}
          >
            {invoiceCurrencies.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Issue date</span>
          <input
            className={inputClass}
            type="date"
            value={issueDate}
            disabled={isBusy}
            onChange={(event) => setIssueDate(event.target.value)}
          />
          <span className="text-xs text-slate-500">Empty: the day it is issued.</span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Due date</span>
          <input
            className={inputClass}
            type="date"
            value={dueDate}
            disabled={isBusy}
            onChange={(event) => setDueDate(event.target.value)}
          />
          <span className="text-xs text-slate-500">Empty: 30 days after issue.</span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Bank account</span>
          <select
            className={inputClass}
            value={bankAccountId}
            disabled={isBusy}
            onChange={(event) => setBankAccountId(event.target.value)}
          >
            <option value="">Default {currency} account</option>
            {(accounts.data ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.label}
                {account.qrIban ? ' (QR-bill)' : ''}
              </option>
            ))}
          </select>
        </label>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Lines</legend>
        {lines.map((line, i) => (
          <div
            key={line.key}
            role="group"
            aria-label={`Line ${i + 1}`}
            className="grid gap-2 rounded-md border border-slate-200 bg-white p-2 sm:grid-cols-[minmax(10rem,3fr)_4rem_7rem_minmax(9rem,2fr)_auto]"
          >
            <input
              aria-label={`Line ${i + 1} description`}
              placeholder="Description"
              className={inputClass}
              value={line.description}
              disabled={isBusy}
              onChange={(event) => setLine(line.key, { description: event.target.value })}
            />
            <input
              aria-label={`Line ${i + 1} quantity`}
              className={inputClass}
              inputMode="numeric"
              value={line.quantity}
              disabled={isBusy}
              onChange={(event) => setLine(line.key, { quantity: event.target.value })}
            />
            <input
              aria-label={`Line ${i + 1} unit amount`}
              placeholder="0.00"
              className={`${inputClass} text-right tabular-nums`}
              inputMode="decimal"
              value={line.amount}
              disabled={isBusy}
              onChange={(event) => setLine(line.key, { amount: event.target.value })}
            />
            <select
              aria-label={`Line ${i + 1} VAT`}
              className={inputClass}
              value={line.isDonation ? 'exempt-other' : line.vat}
              disabled={isBusy || line.isDonation}
              onChange={(event) => setLine(line.key, { vat: event.target.value })}
            >
              {vatChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              aria-label={`Remove line ${i + 1}`}
              disabled={isBusy || lines.length === 1}
              onClick={() =>
                setLines((current) => current.filter((other) => other.key !== line.key))
              }
            >
              Remove
            </Button>
            <label className="flex items-center gap-2 text-xs text-slate-700 sm:col-span-2">
              <input
                type="checkbox"
                checked={line.isDonation}
                disabled={isBusy}
                onChange={(event) => setLine(line.key, { isDonation: event.target.checked })}
              />
              Donation (outside VAT, shown apart)
            </label>
            {line.vat === 'exempt-other' && !line.isDonation ? (
              <input
                aria-label={`Line ${i + 1} exemption`}
                placeholder="Why no VAT (shown on the invoice)"
                className={`${inputClass} sm:col-span-3`}
                value={line.exemption}
                disabled={isBusy}
                onChange={(event) => setLine(line.key, { exemption: event.target.value })}
              />
            ) : null}
            {parsed[i]?.problem && line.amount.trim() !== '' ? (
              <p className="text-xs text-red-700 sm:col-span-5">{parsed[i]?.problem}</p>
            ) : null}
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            disabled={isBusy}
            onClick={() => setLines((current) => [...current, emptyLine()])}
          >
            Add line
          </Button>
        </div>
      </fieldset>

      <dl
        aria-label="Totals"
        id={`${id}-totals`}
        className="grid max-w-sm grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums"
      >
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right">{formatMoney(totals.subtotalMinor, currency)}</dd>
        <dt className="text-slate-600">VAT</dt>
        <dd className="text-right">{formatMoney(totals.vatMinor, currency)}</dd>
        <dt className="text-slate-600">Donation</dt>
        <dd className="text-right">{formatMoney(totals.donationMinor, currency)}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-right font-semibold" data-testid="draft-total">
          {formatMoney(totals.totalMinor, currency)}
        </dd>
      </dl>

      {problems.length > 0 ? (
        <ul role="alert" className="list-disc pl-5 text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={isBusy}>
          {isBusy ? 'Saving…' : invoice ? 'Save draft' : 'Create draft'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The member field: a search over the members list and the matches to choose from. */
function MemberPicker({
  onChoose,
  isDisabled,
}: {
  onChoose: (member: { mid: string; label: string }) => void;
  isDisabled: boolean;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferredQ = useDeferredValue(q);
  const choices = useMemberChoices(deferredQ);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-member`} className="text-sm font-medium text-slate-800">
        Member (name or membership number)
      </label>
      <input
        id={`${id}-member`}
        type="search"
        autoComplete="off"
        value={q}
        disabled={isDisabled}
        onChange={(event) => setQ(event.target.value)}
        className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs ${focusRing}`}
      />
      {deferredQ.trim() === '' ? null : choices.isError ? (
        <p className="text-sm text-red-700">{getErrorMessage(choices.error)}</p>
      ) : choices.isPending ? (
        <p className="text-sm text-slate-500">Looking for members…</p>
      ) : (choices.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-500">No member matches “{deferredQ.trim()}”.</p>
      ) : (
        <ul aria-label="Matching members" className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {(choices.data ?? []).map((member) => (
            <li key={member.mid}>
              <button
                type="button"
                disabled={isDisabled}
                onClick={() =>
                  onChoose({ mid: member.mid, label: `${member.legalName} (${member.number})` })
                }
                className={`w-full rounded-md border border-slate-200 bg-white px-3 py-1.5 text-left text-sm hover:bg-sky-50 ${focusRing}`}
              >
                {member.legalName}{' '}
                <span className="font-mono text-xs text-slate-500">{member.number}</span>
                <span className="text-xs text-slate-500">
                  {' '}
                  · {member.countryName ?? member.countryIso2 ?? 'no country'} ·{' '}
                  {memberStatusLabel(member.status)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
