import type { TUserListItem } from '@ops/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@ops/ui/button';
import { describeSaveError } from '@ops/ui/form-field';
import { ErrorCard } from '@ops/ui/error-card';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@ops/ui/error-message';
import { useGrantOperator } from '../api/grant-operator';
import { useUserSearch } from '../api/search-users';
import { RolesFieldset, ZRolesChoice } from './roles-fieldset';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { StackedField } from '@/components/stacked-field';

const ZGrantForm = z.object({
  uid: z.string().min(1, 'Choose the user who becomes an operator.'),
  roles: ZRolesChoice,
});
type GrantFormValues = z.infer<typeof ZGrantForm>;

const inputClass =
  'w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600';

/**
 * Grant operator access: find the user by name or e-mail (the users list's search), choose
 * the roles, grant. Opens the new operator's detail when done.
 */
export function GrantOperator({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const search = useUserSearch(deferredQuery);
  const [chosen, setChosen] = useState<TUserListItem | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const grant = useGrantOperator();
  const navigate = useNavigate();
  const searchId = useId();
  const form = useForm<GrantFormValues>({
    resolver: zodResolver(ZGrantForm),
    defaultValues: { uid: '', roles: [] },
  });
  const { errors } = form.formState;

  const choose = (user: TUserListItem | null) => {
    setChosen(user);
    form.setValue('uid', user?.uid ?? '', { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    grant.mutate(values, {
      onSuccess: (operator) => {
        onClose();
        void navigate(paths.operator.getHref({ uid: operator.uid }));
      },
      onError: (error) => setFormError(describeSaveError(error, form.setError, ['uid', 'roles'])),
    });
  });

  const results = search.data?.data ?? [];
  return (
    <section
      aria-label="Grant operator access"
      className="flex flex-col gap-4 rounded-lg border border-sky-200 bg-sky-50/40 p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">Grant operator access</h3>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <UnsavedChangesGuard
          isDirty={
            (form.formState.isDirty || chosen !== null) && !grant.isPending && !grant.isSuccess
          }
        />
        {formError ? <ErrorCard title="Not granted" message={formError} /> : null}
        <StackedField controlId={searchId} label="User">
          {chosen ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{chosen.displayName ?? chosen.email}</span>
              {chosen.displayName ? <span className="text-slate-600">{chosen.email}</span> : null}
              <Button variant="secondary" onClick={() => choose(null)}>
                Choose another
              </Button>
            </div>
          ) : (
            <>
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Name or e-mail"
                autoComplete="off"
                className={inputClass}
                aria-invalid={errors.uid ? true : undefined}
              />
              {search.isError ? (
                <p className="text-sm text-red-700">{getErrorMessage(search.error)}</p>
              ) : null}
              {query.trim() && search.isSuccess ? (
                results.length === 0 ? (
                  <p className="text-sm text-slate-600">No enabled user matches “{query}”.</p>
                ) : (
                  <ul
                    aria-label="Matching users"
                    className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200 bg-white"
                  >
                    {results.map((user) => (
                      <li
                        key={user.uid}
                        className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm"
                      >
                        <span className="min-w-0 truncate">
                          <span className="font-medium">{user.displayName ?? user.email}</span>
                          {user.displayName ? (
                            <span className="text-slate-600"> · {user.email}</span>
                          ) : null}
                          {user.isOperator ? (
                            <span className="text-slate-600"> · already an operator</span>
                          ) : null}
                        </span>
                        <Button
                          variant="secondary"
                          disabled={user.isOperator}
                          aria-label={`Choose ${user.email}`}
                          onClick={() => choose(user)}
                        >
                          Choose
                        </Button>
                      </li>
                    ))}
                  </ul>
                )
              ) : null}
            </>
          )}
          {errors.uid?.message ? (
            <p className="text-sm text-red-700">{errors.uid.message}</p>
          ) : null}
        </StackedField>
        <RolesFieldset registration={form.register('roles')} error={errors.roles?.message} />
        <div className="flex gap-2">
          <Button type="submit" isBusy={grant.isPending}>
            {grant.isPending ? 'Granting…' : 'Grant access'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
