import { listDensities, type ListDensity } from '@ops/contract/preference-values';
import { useId } from 'react';
import { usePreferences, useUpdatePreferences } from '@/lib/api/preferences';

const densityLabels: Record<ListDensity, string> = {
  comfortable: 'Comfortable',
  compact: 'Compact',
};

/**
 * The rows' density, beside the column chooser: comfortable (40 px rows) or compact (32 px).
 * One choice for every list, kept with the operator on the server (issue 19), so it is the same
 * in any browser they sign in from; it shows at once, before the server has it.
 */
export function DensitySwitch() {
  const name = useId();
  const { density } = usePreferences();
  const update = useUpdatePreferences();
  return (
    <fieldset className="flex items-center rounded-md border border-slate-300 bg-white p-0.5 text-sm">
      <legend className="sr-only">Row density</legend>
      {listDensities.map((option) => (
        <label
          key={option}
          className="cursor-pointer rounded px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-100 has-checked:bg-sky-800 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-600"
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={density === option}
            onChange={() => update({ density: option })}
            className="sr-only"
          />
          {densityLabels[option]}
        </label>
      ))}
    </fieldset>
  );
}
