import { useEffect, useState } from 'react';
import { useReload } from './use-reload';

/**
 * The state an edit form of a versioned record (a user, an operator's roles) keeps beside its
 * form store: the version its save is based on, why the last save failed, and a start again
 * from the record as it now is (after a 409, the conflict notice's Reload).
 *
 * Changed underneath (live refresh): an untouched form follows (its base version moves during
 * render, its values in the form store); a dirty one keeps its values and its base version, so
 * its save meets the conflict. `valuesOf` must be stable (a module function): the follow effect
 * depends on it.
 */
export function useVersionedEdit<R extends { version: number }, Values>({
  record,
  form,
  valuesOf,
  write,
  onReload,
}: {
  record: R;
  form: { reset(values: Values): void; formState: { isDirty: boolean } };
  valuesOf: (record: R) => Values;
  /** The save; its error is cleared when the form starts again. */
  write: { reset: () => void };
  /** Fetches the record again; answers the query's result (`{ data }`). */
  onReload: () => Promise<unknown>;
}) {
  const { isReloading, reload } = useReload(onReload);
  const [baseVersion, setBaseVersion] = useState(record.version);
  const [formError, setFormError] = useState<string | null>(null);
  const { isDirty } = form.formState;

  if (record.version !== baseVersion && !isDirty) setBaseVersion(record.version);
  useEffect(() => {
    if (!isDirty) form.reset(valuesOf(record));
  }, [record, isDirty, form, valuesOf]);

  const startFromCurrent = async () => {
    const result = await reload();
    const current = (result as { data?: R } | undefined)?.data ?? record;
    form.reset(valuesOf(current));
    setBaseVersion(current.version);
    setFormError(null);
    write.reset();
  };

  return { baseVersion, setBaseVersion, formError, setFormError, isReloading, startFromCurrent };
}
