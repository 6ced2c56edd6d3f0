import { ConflictNotice } from '@ops/ui/conflict-notice';
import type { SettingsSave } from './use-settings-save';
import { FailureText, SuccessNote } from '@/components/success-note';

/** What the notices read of a form's save cycle (whatever record it saves). */
type SaveState = Pick<
  SettingsSave<never>,
  'formError' | 'conflict' | 'message' | 'isReloading' | 'reload'
>;

/** Above the fields: the version-conflict notice with its Reload, while there is one. */
export function SaveConflict({ save }: { save: SaveState }) {
  return save.conflict ? (
    <ConflictNotice
      message={save.conflict}
      isReloading={save.isReloading}
      onReload={() => void save.reload()}
    />
  ) : null;
}

/**
 * Under the fields: what the last save could not place on a field, and what a successful save
 * said, the latter only until the next edit (`isDirty`).
 */
export function SaveOutcome({ save, isDirty }: { save: SaveState; isDirty: boolean }) {
  return (
    <>
      {save.formError ? <FailureText>{save.formError}</FailureText> : null}
      {save.message && !isDirty ? <SuccessNote>{save.message}</SuccessNote> : null}
    </>
  );
}
