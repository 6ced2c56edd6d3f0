import { clock } from '@/lib/clock';
import {
  ZMemberEdit,
  type TMemberDetail,
  type TMemberEdit,
  type TMemberEditInput,
} from '@ops/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { useReload } from '@/components/detail/use-reload';
import { describeSaveError } from '@ops/ui/form-field';
import { getErrorMessage } from '@ops/ui/error-message';
import { useMemberFormOptions } from '../api/get-member-form-options';
import { useMemberWrite } from '../api/write-member';
import { AddressFieldset } from './member-edit-form/address-fieldset';
import { ChangedUnderneathNotice } from './member-edit-form/changed-underneath-notice';
import { ContactFieldset } from './member-edit-form/contact-fieldset';
import { IdentityFieldset } from './member-edit-form/identity-fieldset';
import { MembershipFieldset } from './member-edit-form/membership-fieldset';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { WriteConflictNotice } from '@/components/detail/write-conflict-notice';
import { SuccessNote } from '@/components/success-note';

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
    billingEmail: member.billingEmail ?? '',
    phone: member.phone ?? '',
    nationalAssociationMid: member.nationalAssociationMid ?? '',
    billingCurrency: member.billingCurrency as TMemberEditInput['billingCurrency'],
    directoryVisible: member.directoryVisible,
    preferredLanguage: member.preferredLanguage,
  };
}

/**
 * The Edit tab: react-hook-form with the contract's ZMemberEdit (the schema the server checks
 * too), errors under the fields, the server's 400 issues placed on the fields they name, and
 * its 409 shown with a Reload. When someone else changes the member while the form is open,
 * an untouched form follows; a form with changes says so before Save is even tried. Each
 * fieldset is its own component (member-edit-form/); this one holds the form and saves it.
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
          setSavedAt(clock.nowMs());
        },
        onError: (error) => {
          if (isVersionConflict(error)) return; // shown as the conflict notice
          setFormError(describeSaveError(error, form.setError, editFieldNames));
        },
      },
    );
  });

  const isSaving = write.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="@container flex flex-col gap-5"
    >
      <UnsavedChangesGuard isDirty={isDirty && !isSaving} />
      {isChangedUnderneath && !isVersionConflict(write.error) ? (
        <ChangedUnderneathNotice
          member={member}
          isReloading={isReloading}
          onReload={() => void startFromCurrent()}
        />
      ) : null}
      <WriteConflictNotice write={write} isReloading={isReloading} onReload={startFromCurrent} />
      {formError ? <ErrorCard title="Not saved" message={formError} /> : null}
      {options.isError ? (
        <ErrorCard
          title="The countries and associations could not be loaded"
          message={getErrorMessage(options.error)}
        />
      ) : null}

      <IdentityFieldset control={form.control} />
      <ContactFieldset control={form.control} />
      <AddressFieldset
        control={form.control}
        member={member}
        options={options.data}
        isLoadingOptions={options.isPending}
      />
      <MembershipFieldset control={form.control} member={member} options={options.data} />

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
        <SuccessNote>{savedAt && !isDirty ? 'Saved.' : ''}</SuccessNote>
      </div>
    </form>
  );
}
