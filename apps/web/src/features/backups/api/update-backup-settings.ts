import type { TBackupSettings, TBackupSettingsUpdate } from '@ops/contract/backups';
import { isVersionConflict } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { backupQueryKeys } from './query-keys';

export function updateBackupSettings(body: TBackupSettingsUpdate): Promise<TBackupSettings> {
  return apiRequest<TBackupSettings>('/api/backups/settings', { method: 'PUT', body });
}

/**
 * Saves the retention with the version read; the screen's query is fetched again (after a 409
 * too, so the reload shows what the other operator saved).
 */
export function useUpdateBackupSettings() {
  return useInvalidatingMutation({
    mutationFn: updateBackupSettings,
    invalidates: () => [backupQueryKeys.all],
    invalidatesAfterError: (error) => (isVersionConflict(error) ? [backupQueryKeys.all] : []),
  });
}
