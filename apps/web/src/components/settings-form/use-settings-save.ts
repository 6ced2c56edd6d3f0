import { useState } from 'react';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { getErrorMessage } from '@ops/ui/error-message';
import { useReload } from '../detail/use-reload';

export type SettingsSave<T> = {
  /** The version the form's values come from: the one a save is checked against. */
  version: number;
  /** Starts the form from a record (after a save, a reload, or anyone's change): its version and values. */
  startFrom: (fresh: T) => void;
  /** The version alone, for a form that puts the values in itself (a stable setter). */
  setVersion: (version: number) => void;
  /** What the last save said when it could not be placed on a field; shown under the fields. */
  formError: string | null;
  /** Someone saved a newer version first (409): the notice offering the reload. */
  conflict: string | null;
  /** What the last successful save said. */
  message: string | null;
  isReloading: boolean;
  /** Before a save: forget what the last one said. */
  clear: () => void;
  setFormError: (message: string | null) => void;
  /** After a successful save. */
  succeed: (message: string) => void;
  /**
   * After a failed save: a version conflict becomes the notice; anything else is described by
   * `describe` (which places field issues on their fields and answers what is left, or null).
   */
  fail: (error: unknown, describe?: (error: unknown) => string | null) => void;
  /** The Reload of the conflict notice: fetches the record and starts the form from it. */
  reload: () => Promise<void>;
};

/**
 * The save cycle every settings and record edit form shares: a save sent with the version the
 * form's values come from, a version conflict answered with a Reload that starts the form again
 * from the fresh record (the person's edits are gone), and the error or saved notice of the last
 * save. The form itself (its fields, its checks) stays the caller's.
 */
export function useSettingsSave<T extends { version: number }>({
  record,
  onReload,
  onFresh,
}: {
  /** The record the form starts from. */
  record: T;
  /** Fetches the record again; answers it as it now is. */
  onReload: () => Promise<T | undefined>;
  /** Puts a record's values in the form (`startFrom` keeps its version). */
  onFresh: (fresh: T) => void;
}): SettingsSave<T> {
  const [version, setVersion] = useState(record.version);
  const startFrom = (fresh: T) => {
    setVersion(fresh.version);
    onFresh(fresh);
  };
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const reloading = useReload(async () => {
    const fresh = await onReload();
    if (fresh) startFrom(fresh);
    setConflict(null);
    setFormError(null);
  });
  return {
    version,
    startFrom,
    setVersion,
    formError,
    conflict,
    message,
    isReloading: reloading.isReloading,
    clear: () => {
      setFormError(null);
      setConflict(null);
      setMessage(null);
    },
    setFormError,
    succeed: setMessage,
    fail: (error, describe = getErrorMessage) => {
      if (isVersionConflict(error)) setConflict(getErrorMessage(error));
      else setFormError(describe(error));
    },
    reload: reloading.reload,
  };
}
