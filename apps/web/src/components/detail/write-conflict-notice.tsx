import { ConflictNotice, isVersionConflict } from '@ops/ui/conflict-notice';
import { getErrorMessage } from '@ops/ui/error-message';

/**
 * Above an edit form's fields: its save's version conflict (409), while there is one, with the
 * Reload that starts the form again from the record as it now is (`useVersionedEdit`).
 */
export function WriteConflictNotice({
  write,
  isReloading,
  onReload,
}: {
  write: { error: unknown };
  isReloading: boolean;
  onReload: () => Promise<void>;
}) {
  return isVersionConflict(write.error) ? (
    <ConflictNotice
      message={getErrorMessage(write.error)}
      isReloading={isReloading}
      onReload={() => void onReload()}
    />
  ) : null;
}
