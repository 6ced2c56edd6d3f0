import type { CompanyField, TChangeRequestDecision, TChangeRequestDetail } from '@ops/contract';
import { languageLabels, languages } from '@ops/contract/values';
import { useForm, type Control } from 'react-hook-form';
import { useState } from 'react';
import { isApiError } from '@ops/ui/api-client';
import { ConflictNotice, isVersionConflict } from '@ops/ui/conflict-notice';
import { getErrorMessage } from '@ops/ui/error-message';
import { FormSelectField, FormTextField } from '@ops/ui/form-field';
import { useReload } from '@/components/detail/use-reload';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { useApproveChangeRequest } from '../api/approve-change-request';
import { useCountryChoices } from '../api/get-member-form-options';
import {
  approveFormDefaults,
  approveFormResolver,
  askedFieldsOf,
  formatFieldValue,
  type ApproveFormValues,
  type ApprovedValues,
} from '../utils/field-values';
import { changedSinceText } from './request-fields-table';
import { FormSubmitRow } from '@/components/form-submit-row';

type FieldRow = TChangeRequestDetail['fields'][number];

const inputTypes: Partial<Record<CompanyField, 'email' | 'url' | 'tel'>> = {
  email: 'email',
  billingEmail: 'email',
  website: 'url',
  phone: 'tel',
};

/** Under each input: the member's value now, so staff edit knowing what they replace. */
function helpOf(row: FieldRow): string {
  const now = `Now: ${formatFieldValue(row.field, row.current)}`;
  return row.changedSince ? `${now} (${changedSinceText.toLowerCase()})` : now;
}

/** One input per asked field: a select for the language and the country, text for the rest. */
function FieldInput({
  control,
  row,
  isDisabled,
}: {
  control: Control<ApproveFormValues, unknown, ApprovedValues>;
  row: FieldRow;
  isDisabled: boolean;
}) {
  const isCountry = row.field === 'countryIso2';
  const countries = useCountryChoices(isCountry);
  // Every input of the form: the field, its label and the member's value now under it.
  const fieldProps = {
    control,
    name: row.field,
    label: row.label,
    help: helpOf(row),
    isDisabled,
  };
  if (row.field === 'preferredLanguage') {
    return (
      <FormSelectField
        {...fieldProps}
        options={languages.map((value) => ({ value, label: languageLabels[value] }))}
      />
    );
  }
  if (isCountry) {
    const asked = row.to ? [{ value: row.to, label: row.to }] : [];
    return (
      <FormSelectField
        {...fieldProps}
        emptyLabel={countries.isPending ? 'Loading countries…' : 'No country'}
        // The asked code stands in while the countries load (or if they fail to).
        options={countries.data && countries.data.length > 0 ? countries.data : asked}
      />
    );
  }
  return (
    <FormTextField {...fieldProps} type={inputTypes[row.field] ?? 'text'} autoComplete="off" />
  );
}

const submitLabels = { submit: 'Approve with these values', busy: 'Approving…' };

/**
 * "Edit then approve": one input per field the member asked to change, filled with what it
 * asked for and checked by the member edit's rules (a valid e-mail, a legal name that is not
 * empty); approving writes these values instead, with the request's and the member's versions
 * shown. The server's refusals go under their fields; a 409 names who changed what.
 *
 * The form keeps the request as it was when it opened (its fields, values and versions): if the
 * member adds to the request or someone edits the member meanwhile, the approval is refused
 * with a 409 rather than writing values chosen against an older request, and Reload starts the
 * form again from the request as it now is.
 */
export function EditThenApproveForm({
  request,
  onApproved,
  onCancel,
  onReload,
}: {
  request: TChangeRequestDetail;
  onApproved: (decision: TChangeRequestDecision) => void;
  onCancel: () => void;
  /** Fetches the request again (after a version conflict); answers it as it now is. */
  onReload: () => Promise<TChangeRequestDetail | undefined>;
}) {
  const approve = useApproveChangeRequest(request.id);
  // The request the form was started from (see above).
  const [base, setBase] = useState(request);
  const fields = askedFieldsOf(base);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ApproveFormValues, unknown, ApprovedValues>({
    resolver: approveFormResolver(fields),
    defaultValues: approveFormDefaults(base),
  });
  const reloading = useReload(async () => {
    const fresh = await onReload();
    if (fresh) {
      setBase(fresh);
      form.reset(approveFormDefaults(fresh));
    }
    setFormError(null);
    approve.reset();
  });
  const conflict = approve.isError && isVersionConflict(approve.error) ? approve.error : null;

  /** A 400's issues under their fields (`body.values.city`); what is left, for above them. */
  const placeIssues = (error: unknown): string | null => {
    if (!isApiError(error) || !error.issues?.length) return getErrorMessage(error);
    const unplaced: string[] = [];
    let isFirst = true;
    for (const issue of error.issues) {
      const field = issue.path.replace(/^body\.values\./, '') as CompanyField;
      if (!fields.includes(field)) {
        unplaced.push(issue.message);
        continue;
      }
      form.setError(field, { type: issue.rule, message: issue.message }, { shouldFocus: isFirst });
      isFirst = false;
    }
    return unplaced.length > 0 ? unplaced.join(' ') : null;
  };

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    approve.mutate(
      // The versions the form started from: after a conflict's reload, the ones just fetched.
      { version: base.version, memberVersion: base.memberVersion, values },
      {
        onSuccess: onApproved,
        onError: (error) => {
          if (!isVersionConflict(error)) setFormError(placeIssues(error));
        },
      },
    );
  });

  return (
    <form
      noValidate
      aria-label="Edit then approve"
      onSubmit={(event) => void submit(event)}
      className="@container flex flex-col gap-4 rounded-lg border border-sky-200 bg-sky-50/40 p-4"
    >
      <UnsavedChangesGuard
        isDirty={form.formState.isDirty && !approve.isPending && !approve.isSuccess}
      />
      <div>
        <h4 className="text-base font-semibold text-slate-900">Edit then approve</h4>
        <p className="text-sm text-slate-600">
          Correct what the member asked for (a typo, the registry’s spelling), then approve: these
          values are written to the member instead, audited as your change, and the member sees them
          in the portal.
        </p>
      </div>
      {conflict ? (
        <ConflictNotice
          message={getErrorMessage(conflict)}
          isReloading={reloading.isReloading}
          onReload={() => void reloading.reload()}
        />
      ) : null}
      <div className="grid gap-4 @xl:grid-cols-2">
        {base.fields.map((row) => (
          <FieldInput
            key={row.field}
            control={form.control}
            row={row}
            isDisabled={approve.isPending}
          />
        ))}
      </div>
      <FormSubmitRow error={formError} write={approve} labels={submitLabels} onCancel={onCancel} />
    </form>
  );
}
