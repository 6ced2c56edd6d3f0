import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyFieldLabels,
  companyFields,
  ZMemberPortalSettingsUpdate,
  type CompanyField,
  type TMemberPortalSettings,
} from '@ops/contract/change-requests';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import {
  describeChange,
  SaveConflict,
  SaveOutcome,
  SettingsScreen,
  useSettingsSave,
} from '@/components/settings-form';
import { listHrefs } from '@/config/paths';
import { describeSaveError } from '@ops/ui/form-field';
import { useCan } from '@/lib/permissions';
import {
  useMemberPortalSettings,
  useUpdateMemberPortalSettings,
} from '../api/member-portal-settings';
import { FieldErrorText } from '@/components/success-note';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

/** The field no member changes without staff: the name the federation certifies. */
const alwaysReviewed: CompanyField = 'legalName';

const ZForm = ZMemberPortalSettingsUpdate.pick({ directFields: true });
type FormValues = { directFields: CompanyField[] };

const valuesOf = (settings: TMemberPortalSettings): FormValues => ({
  directFields: [...settings.directFields],
});

/** One checkbox per company-data field; the legal name shown, never offered. */
function FieldCheckboxes({
  form,
  isDisabled,
}: {
  form: ReturnType<typeof useForm<FormValues>>;
  isDisabled: boolean;
}) {
  const errorId = useId();
  const helpId = useId();
  const error = form.formState.errors.directFields?.message;
  return (
    <fieldset
      className="flex flex-col gap-2"
      disabled={isDisabled}
      aria-describedby={[helpId, error ? errorId : null].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Members change these at once, without review
      </legend>
      <p id={helpId} className="text-xs text-slate-600">
        A change of any field left unticked becomes a change request that staff approve or decline.
      </p>
      <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {companyFields.map((field) => (
          <li key={field}>
            {field === alwaysReviewed ? (
              <label className="flex items-start gap-2 text-sm text-slate-600">
                <input
                  type="checkbox"
                  checked={false}
                  disabled
                  readOnly
                  className="mt-0.5 size-4 rounded border-slate-300"
                />
                <span>
                  {companyFieldLabels[field]}
                  <span className="block text-xs">Always reviewed by staff</span>
                </span>
              </label>
            ) : (
              <label className="flex items-start gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  value={field}
                  {...form.register('directFields')}
                  className="mt-0.5 size-4 rounded border-slate-300"
                />
                <span>{companyFieldLabels[field]}</span>
              </label>
            )}
          </li>
        ))}
      </ul>
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </fieldset>
  );
}

/** The form of the settings: checked with the contract's rules, saved with the version read. */
function MemberPortalSettingsForm({
  settings,
  canEdit,
  onReload,
}: {
  settings: TMemberPortalSettings;
  canEdit: boolean;
  /** Fetches the settings again (after a version conflict). */
  onReload: () => Promise<TMemberPortalSettings | undefined>;
}) {
  const update = useUpdateMemberPortalSettings();
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: valuesOf(settings),
  });
  const { isDirty } = form.formState;
  const saving = useSettingsSave({
    record: settings,
    onReload,
    onFresh: (fresh) => form.reset(valuesOf(fresh)),
  });
  const { startFrom, setVersion } = saving;

  // Someone else saved while this form was untouched: show their choice (an edited form keeps
  // the person's; saving it answers 409 and offers the reload).
  useEffect(() => {
    if (form.formState.isDirty) return;
    form.reset(valuesOf(settings));
    setVersion(settings.version);
  }, [settings, form, setVersion]);

  const submit = form.handleSubmit(async ({ directFields }) => {
    saving.clear();
    try {
      const result = await update.mutateAsync({ directFields, version: saving.version });
      startFrom(result.settings);
      saving.succeed(result.message);
    } catch (error) {
      saving.fail(error, (failure) => describeSaveError(failure, form.setError, ['directFields']));
    }
  });

  return (
    <form
      noValidate
      aria-label="Member portal"
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
    >
      <UnsavedChangesGuard isDirty={isDirty && !update.isPending} />
      <SaveConflict save={saving} />
      <FieldCheckboxes form={form} isDisabled={!canEdit || update.isPending} />
      {canEdit ? (
        <>
          <SaveOutcome save={saving} isDirty={isDirty} />
          <div>
            <Button type="submit" isBusy={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          Your operator roles let you read this setting; changing it needs members.edit (admin or
          membership).
        </p>
      )}
    </form>
  );
}

/**
 * /settings/member-portal (issue 35): which company-data fields members change in the portal
 * at once; a change of any other field is a change request in the queue, and the legal name
 * is always one. Operators with `members.edit` change it; the others read it.
 */
export function MemberPortalSettingsRoute() {
  const settings = useMemberPortalSettings();
  const canEdit = useCan('members.edit');
  return (
    <SettingsScreen
      query={settings}
      headingId="member-portal-settings"
      title="Member portal"
      intro={
        <>
          Owners and admins of a member keep its company data in the member portal. The fields
          ticked here are written at once (and audited); a change of any other field waits in{' '}
          <Link className={linkClass} to={listHrefs.changeRequests({ status: 'pending' })}>
            Change requests
          </Link>{' '}
          for staff. Requests already waiting stay requests.
        </>
      }
    >
      {(data) => (
        <>
          <MemberPortalSettingsForm
            settings={data}
            canEdit={canEdit}
            onReload={() => settings.refetch().then((result) => result.data)}
          />
          <p className="text-xs text-slate-600">{describeChange(data)}</p>
        </>
      )}
    </SettingsScreen>
  );
}
