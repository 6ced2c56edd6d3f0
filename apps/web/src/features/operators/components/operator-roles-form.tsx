import type { TOperatorDetail } from '@ops/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@ops/ui/button';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { useVersionedEdit } from '@/components/detail/use-versioned-edit';
import { describeSaveError } from '@ops/ui/form-field';
import { ErrorCard } from '@ops/ui/error-card';
import { useGrantOperator } from '../api/grant-operator';
import { useOperatorWrite } from '../api/write-operator';
import { RolesFieldset, ZRolesChoice } from './roles-fieldset';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { WriteConflictNotice } from '@/components/detail/write-conflict-notice';
import { SuccessNote } from '@/components/success-note';

const ZRolesForm = z.object({ roles: ZRolesChoice });
type RolesFormValues = z.infer<typeof ZRolesForm>;

function rolesOf(operator: TOperatorDetail): RolesFormValues {
  return { roles: operator.roles };
}

/**
 * The operator's roles: changed with a version check for an active operator, or chosen anew
 * when granting a revoked one access again. The server's refusals (the last admin keeps admin)
 * show under the roles.
 */
export function OperatorRolesForm({
  operator,
  onReload,
}: {
  operator: TOperatorDetail;
  onReload: () => Promise<unknown>;
}) {
  const write = useOperatorWrite(operator.uid);
  const grant = useGrantOperator();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<RolesFormValues>({
    resolver: zodResolver(ZRolesForm),
    defaultValues: rolesOf(operator),
  });
  const { isDirty, errors } = form.formState;
  // Changed underneath (live refresh): an untouched form follows; a dirty one keeps its values.
  const { baseVersion, setBaseVersion, formError, setFormError, isReloading, startFromCurrent } =
    useVersionedEdit({ record: operator, form, valuesOf: rolesOf, write, onReload });

  const onError = (error: unknown) => {
    if (isVersionConflict(error)) return; // shown as the conflict notice
    setFormError(describeSaveError(error, form.setError, ['roles']));
  };

  const onSubmit = form.handleSubmit(({ roles }) => {
    setFormError(null);
    setSaved(null);
    const onSuccess = (next: TOperatorDetail) => {
      form.reset({ roles: next.roles });
      setBaseVersion(next.version);
      setSaved(operator.active ? 'Roles saved.' : 'Operator access granted again.');
    };
    if (operator.active) {
      write.mutate(
        { kind: 'roles', body: { version: baseVersion, roles } },
        { onSuccess, onError },
      );
    } else {
      grant.mutate({ uid: operator.uid, roles }, { onSuccess, onError });
    }
  });

  const isBusy = write.isPending || grant.isPending;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <UnsavedChangesGuard isDirty={isDirty && !isBusy} />
      <WriteConflictNotice write={write} isReloading={isReloading} onReload={startFromCurrent} />
      {formError ? <ErrorCard title="Not saved" message={formError} /> : null}
      {!operator.active ? (
        <p className="text-sm text-slate-700">
          This operator&apos;s access is revoked. Choose roles to grant it again.
        </p>
      ) : null}
      <RolesFieldset registration={form.register('roles')} error={errors.roles?.message} />
      <div className="flex items-center gap-3">
        <Button type="submit" isBusy={isBusy} disabled={operator.active && !isDirty}>
          {isBusy ? 'Saving…' : operator.active ? 'Save roles' : 'Grant access again'}
        </Button>
        {saved && !isDirty ? <SuccessNote>{saved}</SuccessNote> : null}
      </div>
    </form>
  );
}
