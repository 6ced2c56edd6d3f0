import { yearAtHeadquarters } from '@/lib/clock';
import { computeInvoiceTotals, type TInvoiceDetail } from '@ops/contract';
import { useId, useMemo, useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConflictNotice, isVersionConflict } from '@/components/detail';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCreateInvoiceDraft } from '../api/create-invoice-draft';
import { useBankAccounts } from '../api/get-bank-account-choices';
import { useUpdateInvoiceDraft } from '../api/update-invoice-draft';
import {
  emptyLine,
  fieldName,
  lineFrom,
  toLine,
  type LineDraft,
} from './invoice-draft-form/line-draft';
import { LinesFieldset } from './invoice-draft-form/lines-fieldset';
import { MemberField, type ChosenMember } from './invoice-draft-form/member-field';
import { TermsFields, type Currency, type DraftTerms } from './invoice-draft-form/terms-fields';
import { TotalsList } from './invoice-draft-form/totals-list';

export type InvoiceDraftFormProps = {
  /** The draft being edited; a new draft when absent. */
  invoice?: TInvoiceDetail;
  onSaved: (invoice: TInvoiceDetail) => void;
  onCancel: () => void;
  onReload?: () => void;
};

function termsOf(invoice: TInvoiceDetail | undefined): DraftTerms {
  return {
    kind: invoice?.kind ?? 'membership',
    year: String(invoice?.year ?? yearAtHeadquarters()),
    currency: (invoice?.currency as Currency | undefined) ?? 'CHF',
    issueDate: invoice?.issueDate ?? '',
    dueDate: invoice?.dueDate ?? '',
    bankAccountId: invoice?.bankAccount?.id ?? '',
  };
}

/** What the form finds wrong before sending: no member, a line that does not parse or is blank. */
function localProblems(member: ChosenMember | null, parsed: ReturnType<typeof toLine>[]) {
  const local: string[] = [];
  if (!member) local.push('Member: choose the member');
  parsed.forEach((entry, i) => {
    if (entry.problem) local.push(`Line ${i + 1}: ${entry.problem}`);
    else if (entry.line && entry.line.description === '') local.push(`Line ${i + 1}: describe it`);
  });
  return local;
}

/**
 * Creates or edits a draft invoice: member, kind, year, currency, dates, bank account and lines
 * (amounts typed in major units, parsed exactly), with the totals computed live as the server
 * will compute them. Each fieldset is its own component (invoice-draft-form/); this one holds
 * the draft and sends it.
 */
export function InvoiceDraftForm({ invoice, onSaved, onCancel, onReload }: InvoiceDraftFormProps) {
  const id = useId();
  const create = useCreateInvoiceDraft();
  const update = useUpdateInvoiceDraft(invoice?.iid ?? '');
  const mutation = invoice ? update : create;
  const [member, setMember] = useState<ChosenMember | null>(
    invoice?.member
      ? { mid: invoice.member.mid, label: `${invoice.member.name} (${invoice.member.number})` }
      : null,
  );
  const [terms, setTerms] = useState<DraftTerms>(() => termsOf(invoice));
  const [lines, setLines] = useState<LineDraft[]>(
    invoice ? invoice.lines.map(lineFrom) : [emptyLine()],
  );
  const [problems, setProblems] = useState<string[]>([]);
  const { kind, year, currency, issueDate, dueDate, bankAccountId } = terms;
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

  const submit = () => {
    const local = localProblems(member, parsed);
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

      <MemberField member={member} onChange={setMember} isDisabled={isBusy} />
      <TermsFields
        terms={terms}
        accounts={accounts.data}
        onChange={(change) => setTerms((current) => ({ ...current, ...change }))}
        isDisabled={isBusy}
      />
      <LinesFieldset lines={lines} parsed={parsed} onLinesChange={setLines} isDisabled={isBusy} />
      <TotalsList id={`${id}-totals`} totals={totals} currency={currency} />

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
