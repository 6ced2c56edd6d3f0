import { operatorRoles } from '@ops/contract';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { operatorRoleHelp, operatorRoleLabels, operatorRoleOrder } from './operator-labels';
import { FieldErrorText } from '@/components/success-note';

/** The roles as a form chooses them: at least one; read-only alone (the server checks it too). */
export const ZRolesChoice = z
  .array(z.enum(operatorRoles), { error: 'Choose at least one role.' })
  .min(1, 'Choose at least one role.')
  .refine(
    (roles) => !roles.includes('read-only') || roles.length === 1,
    'Read-only cannot be combined with other roles.',
  );

/** Checkboxes of the four roles, each with what it allows; the error under them. */
export function RolesFieldset({
  registration,
  error,
  isDisabled = false,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  isDisabled?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">Roles</legend>
      {operatorRoleOrder.map((role) => (
        <label key={role} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            value={role}
            disabled={isDisabled}
            {...registration}
            className="mt-0.5 size-4 rounded border-slate-300"
          />
          <span>
            <span className="font-medium text-slate-900">{operatorRoleLabels[role]}</span>
            <span className="text-slate-600"> · {operatorRoleHelp[role]}</span>
          </span>
        </label>
      ))}
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </fieldset>
  );
}
