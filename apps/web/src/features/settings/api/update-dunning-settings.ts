import type { TDunningSettings, TDunningSettingsUpdate } from '@ops/contract';
import { isVersionConflict } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { dunningSettingsPath } from './get-dunning-settings';
import { dunningQueryKeys } from './query-keys';

export function updateDunningSettings(body: TDunningSettingsUpdate): Promise<TDunningSettings> {
  return apiRequest<TDunningSettings>(dunningSettingsPath, { method: 'PUT', body });
}

/**
 * Saves the whole settings with the version read (a 409 when someone saved meanwhile, and the
 * settings as they now are are fetched, so the reload shows them).
 */
export function useUpdateDunningSettings() {
  return useInvalidatingMutation({
    mutationFn: updateDunningSettings,
    sets: (settings) => [[dunningQueryKeys.of('settings'), settings]],
    invalidatesAfterError: (error) =>
      isVersionConflict(error) ? [dunningQueryKeys.of('settings')] : [],
  });
}
