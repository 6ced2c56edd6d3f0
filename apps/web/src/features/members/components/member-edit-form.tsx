import {
  memberBillingCurrencies,
  memberCategories,
  ZMemberEdit,
  type TMemberDetail,
  type TMemberEdit,
  type TMemberEditInput,
} from '@ops/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorCard } from '@/components/error-card';
import { ConflictNotice, isVersionConflict } from '@/components/detail/conflict-notice';
import { useReload } from '@/components/detail/use-reload';
import { formatDateTime } from '@/components/detail/format';
import {
  FormCheckboxField,
  FormSelectField,
  FormTextField,
  describeSaveError,
} from '@/components/detail/form-field';
import { getErrorMessage } from '@/lib/error-message';
import { useMemberFormOptions, useMemberWrite } from '../api/member-detail';
import { categoryLabels } from './member-labels';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';

const editFieldNames = Object.keys(ZMemberEdit.shape);

/** The member as the form holds it: text inputs hold '' for "none". */
export function toFormValues(member: TMemberDetail): TMemberEditInput {
  return {
    legalName: member.legalName,
    tradeName: member.tradeName ?? '',
    category: member.category,
    countryIso2: member.countryIso2 ?? '',
    addressLine1: member.addressLine1 ?? '',
    addressLine2: member.addressLine2 ?? '',
    postalCode: member.postalCode ?? '',
    city: member.city ?? '',
    state: member.state ?? '',
    vatNumber: member.vatNumber ?? '',
    website: member.website ?? '',
    email: member.email ?? '',
    phone: member.phone ?? '',
    nationalAssociationMid: member.nationalAssociationMid ?? '',
    billingCurrency: member.billingCurrency as TMemberEditInput['billingCurrency'],
    directoryVisible: member.directoryVisible,
  };
}

/**
 * The Edit tab: react-hook-form with the contract's ZMemberEdit (the schema the server checks
 * too), errors under the fields, the server's 400 issues placed on the fields they name, and
 * its 409 shown with a Reload. When someone else changes the member while the form is open,
 * an untouched form follows; a form with changes says so before Save is even tried.
 */
export function MemberEditForm({
  member,
  onReload,
}: {
  member: TMemberDetail;
  /** Fetches the member again (after a conflict). */
  onReload: () => Promise<unknown>;
}) {
  const { isReloading, reload } = useReload(onReload);
  const options = useMemberFormOptions(true);
  const write = useMemberWrite(member.mid);
  const [baseVersion, setBaseVersion] = useState(member.version);
  const [formError, setFormError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const form = useForm<TMemberEditInput, unknown, TMemberEdit>({
    resolver: zodResolver(ZMemberEdit),
    defaultValues: toFormValues(member),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty } = form.formState;

  // The member changed underneath (the change stream refetched it): an untouched form takes
  // the new values and their version (adjusted while rendering, React's pattern for state
  // derived from props); a form with changes keeps them and shows the notice below.
  if (!isDirty && member.version !== baseVersion) setBaseVersion(member.version);
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toFormValues(member));
  }, [member, form]);

  const isChangedUnderneath = member.version !== baseVersion;

  const startFromCurrent = async () => {
    const result = await reload();
    const current = (result as { data?: TMemberDetail } | undefined)?.data ?? member;
    form.reset(toFormValues(current));
    setBaseVersion(current.version);
    setFormError(null);
    write.reset();
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    setSavedAt(null);
    write.mutate(
      { kind: 'edit', body: { ...values, version: baseVersion } },
      {
        onSuccess: (saved) => {
          form.reset(toFormValues(saved));
          setBaseVersion(saved.version);
          setSavedAt(Date.now());
        },
        onError: (error) => {
          if (isVersionConflict(error)) return; // shown as the conflict notice
          setFormError(describeSaveError(error, form.setError, editFieldNames));
        },
      },
    );
  });

  const countryOptions = useMemo(
    () =>
      (options.data?.countries ?? []).map((country) => ({
        value: country.iso2,
        label: `${country.name} (${country.iso2})`,
      })),
    [options.data],
  );
  const associationOptions = useMemo(() => {
    const list = (options.data?.associations ?? []).filter((row) => row.mid !== member.mid);
    const current = member.nationalAssociationMid;
    const rows = list.map((row) => ({
      value: row.mid,
      label: `${row.legalName} (${row.countryIso2 ?? 'no country'}, ${row.number})`,
    }));
    // A link the fixes screen has yet to repair still shows as it is, so nothing is lost.
    if (current && !list.some((row) => row.mid === current)) {
      rows.unshift({
        value: current,
        label: `${member.nationalAssociationName ?? current} (not an association member)`,
      });
    }
    return rows;
  }, [options.data, member]);

  const isSaving = write.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="@container flex flex-col gap-5"
    >
      <UnsavedChangesGuard isDirty={isDirty && !isSaving} />
      {isChangedUnderneath && !isVersionConflict(write.error) ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>
            Someone else changed this member while you were editing
            {member.updatedBy ? ` (${member.updatedBy}, ${formatDateTime(member.updatedAt)})` : ''}.
            Saving your changes would be refused; reload to start again from the current version.
          </p>
          <div>
            <Button
              variant="secondary"
              isBusy={isReloading}
              onClick={() => void startFromCurrent()}
            >
              {isReloading ? 'Reloading…' : 'Reload'}
            </Button>
          </div>
        </div>
      ) : null}
      {isVersionConflict(write.error) ? (
        <ConflictNotice
          message={getErrorMessage(write.error)}
          isReloading={isReloading}
          onReload={() => void startFromCurrent()}
        />
      ) : null}
      {formError ? <ErrorCard title="Not saved" message={formError} /> : null}
      {options.isError ? (
        <ErrorCard
          title="The countries and associations could not be loaded"
          message={getErrorMessage(options.error)}
        />
      ) : null}

      <fieldset className="grid gap-4 @xl:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Identity</legend>
        <FormTextField control={form.control} name="legalName" label="Legal name" />
        <FormTextField
          control={form.control}
          name="tradeName"
          label="Trade name"
          help="Only if it differs from the legal name"
        />
        <FormSelectField
          control={form.control}
          name="category"
          label="Category"
          options={memberCategories.map((value) => ({ value, label: categoryLabels[value] }))}
        />
        <FormTextField
          control={form.control}
          name="vatNumber"
          label="VAT/UID number"
          help="As on the company's registration, e.g. CHE-123.456.789"
        />
      </fieldset>

      <fieldset className="grid gap-4 @xl:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Contact</legend>
        <FormTextField
          control={form.control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="off"
        />
        <FormTextField
          control={form.control}
          name="phone"
          label="Phone"
          type="tel"
          help="International format, e.g. +41 22 123 45 67"
        />
        <FormTextField
          control={form.control}
          name="website"
          label="Website"
          type="url"
          help="With https:// or http://"
          className="@xl:col-span-2"
        />
      </fieldset>

      <fieldset className="grid gap-4 @xl:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Address</legend>
        <FormTextField control={form.control} name="addressLine1" label="Address line 1" />
        <FormTextField control={form.control} name="addressLine2" label="Address line 2" />
        <FormTextField control={form.control} name="postalCode" label="Postal code" />
        <FormTextField control={form.control} name="city" label="City" />
        <FormTextField control={form.control} name="state" label="State or province" />
        <FormSelectField
          control={form.control}
          name="countryIso2"
          label="Country"
          emptyLabel={options.isPending ? 'Loading countries…' : 'No country'}
          options={
            countryOptions.length > 0 || !member.countryIso2
              ? countryOptions
              : [{ value: member.countryIso2, label: member.countryName ?? member.countryIso2 }]
          }
        />
      </fieldset>

      <fieldset className="grid gap-4 @xl:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Membership</legend>
        <FormSelectField
          control={form.control}
          name="nationalAssociationMid"
          label="National association"
          help="The association member of its country that endorses it"
          emptyLabel="None"
          options={associationOptions}
          className="@xl:col-span-2"
        />
        <FormSelectField
          control={form.control}
          name="billingCurrency"
          label="Billing currency"
          options={memberBillingCurrencies.map((value) => ({ value, label: value }))}
        />
        <FormCheckboxField
          control={form.control}
          name="directoryVisible"
          label="Listed in the public member directory"
          className="self-end"
        />
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isBusy={isSaving}>
          {isSaving ? 'Saving…' : 'Save changes'}
        </Button>
        <Button
          variant="secondary"
          disabled={!isDirty || isSaving}
          onClick={() => {
            form.reset(toFormValues(member));
            setBaseVersion(member.version);
            setFormError(null);
            write.reset();
          }}
        >
          Discard changes
        </Button>
        <p role="status" className="text-sm text-emerald-800">
          {savedAt && !isDirty ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}
