import type { TBulkEditPreview } from '@ops/contract/bulk-edit';
import type { BulkEditField } from '@ops/contract/bulk-edit-fields';
import { useId, useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { MemberPicker, memberLabel } from '@/components/member-picker';
import { DialogFooter, Modal } from '@ops/ui/modal';
import { previewBulkEdit, runBulkEdit } from '@/lib/api/bulk-edit';
import { useBankAccountChoices } from '@/lib/api/get-bank-account-choices';
import { useOperatorChoices } from '@/lib/api/get-operator-choices';
import { getErrorMessage } from '@ops/ui/error-message';
import {
  bulkEditFieldOf,
  bulkEditFieldsOf,
  countOf,
  describeBulkEditResult,
  describePreviewDetails,
  describePreviewHeadline,
  enumOptionsOf,
} from './bulk-edit-text';
import type { DataListBulkEdit, DataListBulkResult, ListSelectionTarget } from './types';
import { TableHeaderRow } from '@ops/ui/table-header-row';

type Noun = { one: string; many: string };

/** The value a person chose: text, true/false, null ("No value"); undefined while none is. */
export type BulkEditChoice = string | boolean | null | undefined;

const inputClass = `rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm ${focusRing}`;
const labelClass = 'text-sm font-medium text-slate-800';

/** A select's value for "No value" (no field's value looks like it). */
const noValue = '(empty)';

/** The choice as a select holds it, and back: '' is "choose…", `(empty)` is null. */
function selectValueOf(choice: BulkEditChoice): string {
  if (choice === undefined) return '';
  if (choice === null) return noValue;
  return String(choice);
}

function choiceOfSelect(field: BulkEditField, text: string): BulkEditChoice {
  if (text === '') return undefined;
  if (text === noValue) return null;
  if (field.kind === 'boolean') return text === 'true';
  return text;
}

/**
 * "Edit field" on a list's selection (issue 19): the person chooses one of the list's bulk
 * fields and its new value, sees a preview (how many rows change, a sample before → after),
 * and confirms; the change carries the preview's time, so rows someone changed since are
 * skipped and named rather than overwritten.
 */
export function BulkEditDialog({
  isOpen,
  onClose,
  bulkEdit,
  target,
  selectedCount,
  noun,
  onDone,
  initialPreview,
}: {
  isOpen: boolean;
  onClose: () => void;
  bulkEdit: DataListBulkEdit;
  target: ListSelectionTarget;
  /** The selection's size as the bar says it (an estimate for "all matching"). */
  selectedCount: number;
  noun: Noun;
  /** The change is done: what it did, and its undo handle. */
  onDone: (result: DataListBulkResult) => void;
  /** A preview already on screen (tests render the dialog at that step). */
  initialPreview?: { field: string; value: BulkEditChoice; preview: TBulkEditPreview };
}) {
  const fields = bulkEditFieldsOf(bulkEdit.list);
  const [fieldName, setFieldName] = useState(initialPreview?.field ?? '');
  const [choice, setChoice] = useState<BulkEditChoice>(initialPreview?.value);
  const [preview, setPreview] = useState<TBulkEditPreview | null>(initialPreview?.preview ?? null);
  const [busy, setBusy] = useState<'preview' | 'confirm' | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const fieldId = useId();
  const field = fieldName ? bulkEditFieldOf(bulkEdit.list, fieldName) : undefined;

  // A new field or value makes the preview on screen stale: it must be asked again.
  const chooseField = (name: string) => {
    setFieldName(name);
    setChoice(undefined);
    setPreview(null);
    setErrorText(null);
  };
  const choose = (next: BulkEditChoice) => {
    setChoice(next);
    setPreview(null);
    setErrorText(null);
  };

  const canPreview = field !== undefined && choice !== undefined && choice !== '';
  const canConfirm = preview !== null && preview.changing > 0;

  async function askPreview() {
    if (!canPreview || choice === undefined || busy) return;
    setBusy('preview');
    setErrorText(null);
    try {
      setPreview(
        await previewBulkEdit(bulkEdit.apiPath, {
          selection: target,
          field: fieldName,
          value: choice,
        }),
      );
    } catch (error) {
      setErrorText(getErrorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!canConfirm || !canPreview || choice === undefined || busy) return;
    setBusy('confirm');
    setErrorText(null);
    try {
      const result = await runBulkEdit(bulkEdit.apiPath, {
        selection: target,
        field: fieldName,
        value: choice,
        previewedAt: preview.previewedAt,
      });
      onDone({ message: describeBulkEditResult(result, noun), undo: result.undo });
    } catch (error) {
      setErrorText(getErrorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal isOpen={isOpen} title="Edit field" width="wide" onClose={onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void (preview ? confirm() : askPreview());
        }}
      >
        <p className="text-sm text-slate-600">
          Changes one field of the {countOf(selectedCount, noun)} selected. Rows someone changes
          after the preview are skipped, not overwritten.
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className={labelClass}>
            Field
          </label>
          <select
            id={fieldId}
            value={fieldName}
            onChange={(event) => chooseField(event.target.value)}
            className={inputClass}
          >
            <option value="">Choose a field…</option>
            {fields.map(({ name, field: option }) => (
              <option key={name} value={name}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {field ? (
          <ValueControl
            key={fieldName}
            fieldName={fieldName}
            field={field}
            choice={choice}
            onChoose={choose}
          />
        ) : null}
        {/* Always there, so that a screen reader hears the preview's headline when it comes. */}
        <p role="status" className="text-sm font-semibold text-slate-900">
          {preview ? describePreviewHeadline(preview, noun) : ''}
        </p>
        {preview ? <PreviewReport preview={preview} field={field} noun={noun} /> : null}
        <DialogFooter errorText={errorText} onCancel={onClose}>
          <Button
            type={preview ? 'button' : 'submit'}
            variant={preview ? 'secondary' : 'primary'}
            isBusy={busy === 'preview'}
            aria-disabled={canPreview ? undefined : true}
            onClick={(event) => {
              if (preview) {
                event.preventDefault();
                void askPreview();
              }
            }}
          >
            {busy === 'preview' ? 'Preview…' : 'Preview'}
          </Button>
          {preview ? (
            <Button
              type="submit"
              isBusy={busy === 'confirm'}
              aria-disabled={canConfirm ? undefined : true}
            >
              {busy === 'confirm' ? 'Confirm…' : 'Confirm'}
            </Button>
          ) : null}
        </DialogFooter>
      </form>
    </Modal>
  );
}

/** The control of the chosen field's value: a select, a date, or the member picker. */
function ValueControl({
  fieldName,
  field,
  choice,
  onChoose,
}: {
  fieldName: string;
  field: BulkEditField;
  choice: BulkEditChoice;
  onChoose: (choice: BulkEditChoice) => void;
}) {
  const id = useId();
  const label = `New ${field.label.toLowerCase()}`;
  if (field.kind === 'day') {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          type="date"
          value={typeof choice === 'string' ? choice : ''}
          required
          onChange={(event) => onChoose(event.target.value || undefined)}
          className={inputClass}
        />
      </div>
    );
  }
  if (field.kind === 'reference' && field.reference === 'association-member') {
    return <AssociationChoice label={label} field={field} choice={choice} onChoose={onChoose} />;
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={selectValueOf(choice)}
        onChange={(event) => onChoose(choiceOfSelect(field, event.target.value))}
        className={inputClass}
      >
        <option value="">Choose a value…</option>
        {field.nullable ? <option value={noValue}>No value</option> : null}
        {field.kind === 'enum'
          ? enumOptionsOf(fieldName, field).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))
          : null}
        {field.kind === 'boolean' ? (
          <>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </>
        ) : null}
        {field.reference === 'bank-account' ? <BankAccountOptions /> : null}
        {field.reference === 'operator' ? <OperatorOptions /> : null}
      </select>
    </div>
  );
}

/** The active bank accounts: "Main CHF account · CHF". */
function BankAccountOptions() {
  const accounts = useBankAccountChoices();
  if (!accounts.data) {
    return (
      <option value="" disabled>
        {accounts.isError ? 'Bank accounts could not be loaded' : 'Loading bank accounts…'}
      </option>
    );
  }
  return accounts.data.map((account) => (
    <option key={account.id} value={account.id}>
      {account.label} · {account.currency}
    </option>
  ));
}

/** The operators who have access: "Ann Muster (ann@example.org)". */
function OperatorOptions() {
  const operators = useOperatorChoices();
  if (!operators.data) {
    return (
      <option value="" disabled>
        {operators.isError ? 'Operators could not be loaded' : 'Loading operators…'}
      </option>
    );
  }
  return operators.data.map((operator) => (
    <option key={operator.uid} value={operator.uid}>
      {operator.displayName ? `${operator.displayName} (${operator.email})` : operator.email}
    </option>
  ));
}

/**
 * A national association: the member picker (it searches every member; the server refuses one
 * that is not an association member, naming the field), or "No value".
 */
function AssociationChoice({
  label,
  field,
  choice,
  onChoose,
}: {
  label: string;
  field: BulkEditField;
  choice: BulkEditChoice;
  onChoose: (choice: BulkEditChoice) => void;
}) {
  const [chosenName, setChosenName] = useState<string | null>(null);
  const noValueId = useId();
  return (
    <div className="flex flex-col gap-2">
      <MemberPicker
        label={label}
        help="An association member"
        isDisabled={choice === null}
        onChoose={(member) => {
          setChosenName(memberLabel(member));
          onChoose(member.mid);
        }}
      />
      {typeof choice === 'string' && chosenName ? (
        <p className="text-sm text-slate-700">
          Chosen: <span className="font-medium">{chosenName}</span>
        </p>
      ) : null}
      {field.nullable ? (
        <span className="flex items-center gap-2 text-sm">
          <input
            id={noValueId}
            type="checkbox"
            checked={choice === null}
            onChange={(event) => onChoose(event.target.checked ? null : undefined)}
            className={focusRing}
          />
          <label htmlFor={noValueId}>No value</label>
        </span>
      ) : null}
    </div>
  );
}

/** The rows the change leaves as they are, and a sample before → after. */
function PreviewReport({
  preview,
  field,
  noun,
}: {
  preview: TBulkEditPreview;
  field: BulkEditField | undefined;
  noun: Noun;
}) {
  const captionId = useId();
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      {describePreviewDetails(preview, field).map((line) => (
        <p key={line} className="text-slate-700">
          {line}
        </p>
      ))}
      {preview.sample.length > 0 ? (
        <table aria-labelledby={captionId} className="w-full text-left">
          <caption id={captionId} className="sr-only">
            Sample of the change
          </caption>
          <thead>
            <TableHeaderRow
              className="text-xs text-slate-600"
              columns={[noun.one.charAt(0).toUpperCase() + noun.one.slice(1), 'Before', 'After']}
              padding="py-1"
              gap="pr-3"
            />
          </thead>
          <tbody>
            {preview.sample.map((row) => (
              <tr key={row.id} className="border-t border-slate-200">
                <td className="py-1 pr-3">{row.label}</td>
                <td className="py-1 pr-3 text-slate-600">{row.before}</td>
                <td className="py-1 font-medium">
                  <span aria-hidden="true">→ </span>
                  {row.after}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
