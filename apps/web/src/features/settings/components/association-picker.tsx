import type { TAssociationRef } from '@ops/contract';
import { useDeferredValue, useId, useState } from 'react';
import { Button } from '@ops/ui/button';
import { getErrorMessage } from '@ops/ui/error-message';
import { useAssociationCandidates } from '../api/get-association-candidates';
import { FieldErrorText } from '@/components/success-note';

export type AssociationPickerProps = {
  iso2: string;
  countryName: string;
  /** The member chosen, or null for none. */
  value: TAssociationRef | null;
  onChange: (member: TAssociationRef | null) => void;
  /** The field's error (from the server's 400), shown under it. */
  error?: string | undefined;
  isDisabled?: boolean;
};

/**
 * Picks a country's national association among its active association members (searched by
 * name or number through the members list); the server checks the same rule on save.
 */
export function AssociationPicker({
  iso2,
  countryName,
  value,
  onChange,
  error,
  isDisabled = false,
}: AssociationPickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferredQ = useDeferredValue(q);
  const candidates = useAssociationCandidates(iso2, deferredQ);
  const choices = (candidates.data ?? []).filter((member) => member.mid !== value?.mid);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">National association</legend>
      <p className="text-xs text-slate-500">
        An active association member in {countryName}; it endorses the country's applicants.
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {value ? (
          <>
            <span className="text-slate-900">
              {value.legalName}{' '}
              <span className="font-mono text-xs text-slate-500">{value.number}</span>
            </span>
            <Button variant="secondary" onClick={() => onChange(null)} disabled={isDisabled}>
              Remove
            </Button>
          </>
        ) : (
          <span className="text-slate-500">None</span>
        )}
      </div>
      <label htmlFor={`${id}-search`} className="text-sm text-slate-700">
        Find an association member
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={q}
        disabled={isDisabled}
        onChange={(event) => setQ(event.target.value)}
        placeholder="Name or membership number"
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
      />
      {candidates.isError ? (
        <p className="text-sm text-red-700">{getErrorMessage(candidates.error)}</p>
      ) : candidates.isPending ? (
        <p className="text-sm text-slate-500">Looking for association members…</p>
      ) : choices.length === 0 ? (
        <p className="text-sm text-slate-500">
          {deferredQ.trim()
            ? `No active association member in ${countryName} matches “${deferredQ.trim()}”.`
            : `No other active association member in ${countryName}.`}
        </p>
      ) : (
        <ul
          aria-label="Association members"
          className="flex max-h-48 flex-col gap-1 overflow-y-auto"
        >
          {choices.map((member) => (
            <li key={member.mid}>
              <button
                type="button"
                disabled={isDisabled}
                onClick={() =>
                  onChange({ mid: member.mid, number: member.number, legalName: member.legalName })
                }
                className="w-full rounded-md border border-slate-200 px-3 py-1.5 text-left text-sm hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                Choose {member.legalName}{' '}
                <span className="font-mono text-xs text-slate-500">{member.number}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText> : null}
    </fieldset>
  );
}
