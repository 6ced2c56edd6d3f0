import { memberRoles, type TUserDetail } from '@ops/contract';
import { languageLabels, languages } from '@ops/contract/values';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@ops/ui/button';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { useVersionedEdit } from '@/components/detail/use-versioned-edit';
import { FormSelectField, FormTextField, describeSaveError } from '@ops/ui/form-field';
import { ErrorCard } from '@ops/ui/error-card';
import { useUserWrite } from '../api/write-user';
import { memberRoleLabels } from './user-labels';
import { UserMemberField } from './user-member-field';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { WriteConflictNotice } from '@/components/detail/write-conflict-notice';
import { SuccessNote } from '@/components/success-note';

/** The form's own shape: inputs hold '' for "none"; the request sends null. */
const ZUserForm = z
  .object({
    displayName: z.string().trim().max(200, 'At most 200 characters.'),
    memberMid: z.string().trim().max(64, 'At most 64 characters.'),
    memberRole: z.union([z.enum(memberRoles), z.literal('')]),
    preferredLanguage: z.enum(languages),
  })
  .superRefine((values, context) => {
    if (values.memberMid && !values.memberRole) {
      context.addIssue({
        code: 'custom',
        path: ['memberRole'],
        message: 'Choose the role at the member (owner, admin or staff).',
      });
    }
    if (!values.memberMid && values.memberRole) {
      context.addIssue({
        code: 'custom',
        path: ['memberRole'],
        message: 'A role at a member needs a member; choose the member first.',
      });
    }
  });
type UserFormValues = z.infer<typeof ZUserForm>;
const fieldNames = ['displayName', 'memberMid', 'memberRole', 'preferredLanguage'];

function toFormValues(user: TUserDetail): UserFormValues {
  return {
    displayName: user.displayName ?? '',
    memberMid: user.member?.mid ?? '',
    memberRole: user.memberRole ?? '',
    preferredLanguage: user.preferredLanguage,
  };
}

/**
 * The Edit tab: display name, member and role there, preferred language (issue 17). Errors show under the fields (the server's
 * 400 issues too); a change someone else made meanwhile is a conflict notice with Reload.
 */
export function UserEditForm({
  user,
  onReload,
}: {
  user: TUserDetail;
  onReload: () => Promise<unknown>;
}) {
  const write = useUserWrite(user.uid);
  const [isSaved, setIsSaved] = useState(false);
  const form = useForm<UserFormValues>({
    resolver: zodResolver(ZUserForm),
    defaultValues: toFormValues(user),
  });
  const { isDirty } = form.formState;
  // A change underneath: an untouched form follows, a dirty one shows the notice.
  const { baseVersion, setBaseVersion, formError, setFormError, isReloading, startFromCurrent } =
    useVersionedEdit({ record: user, form, valuesOf: toFormValues, write, onReload });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    setIsSaved(false);
    write.mutate(
      {
        kind: 'edit',
        body: {
          version: baseVersion,
          displayName: values.displayName || null,
          memberMid: values.memberMid || null,
          memberRole: values.memberRole || null,
          preferredLanguage: values.preferredLanguage,
        },
      },
      {
        onSuccess: (saved) => {
          form.reset(toFormValues(saved));
          setBaseVersion(saved.version);
          setIsSaved(true);
        },
        onError: (error) => {
          if (isVersionConflict(error)) return; // shown as the conflict notice
          setFormError(describeSaveError(error, form.setError, fieldNames));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <UnsavedChangesGuard isDirty={isDirty && !write.isPending} />
      <WriteConflictNotice write={write} isReloading={isReloading} onReload={startFromCurrent} />
      {!isVersionConflict(write.error) && user.version !== baseVersion ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          Someone else changed this user while you were editing; saving would be refused.{' '}
          <Button variant="secondary" isBusy={isReloading} onClick={() => void startFromCurrent()}>
            Reload
          </Button>
        </p>
      ) : null}
      {formError ? <ErrorCard title="Not saved" message={formError} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <FormTextField
          control={form.control}
          name="displayName"
          label="Display name"
          autoComplete="off"
        />
        <UserMemberField control={form.control} isDisabled={write.isPending} />
        <FormSelectField
          control={form.control}
          name="memberRole"
          label="Role at member"
          emptyLabel="None"
          options={memberRoles.map((role) => ({ value: role, label: memberRoleLabels[role] }))}
        />
        <FormSelectField
          control={form.control}
          name="preferredLanguage"
          label="Preferred language"
          help="The language of the e-mails the user receives"
          options={languages.map((value) => ({ value, label: languageLabels[value] }))}
        />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" isBusy={write.isPending} disabled={!isDirty}>
          {write.isPending ? 'Saving…' : 'Save'}
        </Button>
        {isSaved && !isDirty ? <SuccessNote>Saved.</SuccessNote> : null}
      </div>
    </form>
  );
}
