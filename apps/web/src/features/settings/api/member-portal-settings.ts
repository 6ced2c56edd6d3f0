import type {
  TMemberPortalSettings,
  TMemberPortalSettingsUpdate,
  ZMemberPortalSettingsResult,
} from '@ops/contract/change-requests';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@ops/ui/api-client';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { useLiveChanges } from '@/lib/live-changes';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';

/** The member portal (issue 35): the company-data fields members change without review. */
export const memberPortalSettingsQueryKeys = areaKeys('member-portal-settings');

/** What a save answers: the settings as saved and the sentence saying what changed. */
type TMemberPortalSettingsResult = z.infer<typeof ZMemberPortalSettingsResult>;

const settingsPath = '/api/settings/member-portal';

export const memberPortalSettingsQueryOptions = queryOptions({
  queryKey: memberPortalSettingsQueryKeys.all,
  queryFn: ({ signal }) => apiRequest<TMemberPortalSettings>(settingsPath, { signal }),
});

/** The settings, fetched again when anyone changes them. */
export function useMemberPortalSettings() {
  const queryClient = useQueryClient();
  useLiveChanges(['member_portal_settings'], () => {
    void queryClient.invalidateQueries({ queryKey: memberPortalSettingsQueryKeys.all });
  });
  return useQuery(memberPortalSettingsQueryOptions);
}

/**
 * Saves the fields with the version read (a 409 when someone saved meanwhile, and the settings
 * as they now are are fetched, so the reload shows them).
 */
export function useUpdateMemberPortalSettings() {
  return useInvalidatingMutation({
    mutationFn: (body: TMemberPortalSettingsUpdate) =>
      apiRequest<TMemberPortalSettingsResult>(settingsPath, { method: 'PUT', body }),
    sets: (result) => [[memberPortalSettingsQueryKeys.all, result.settings]],
    invalidatesAfterError: (error) =>
      isVersionConflict(error) ? [memberPortalSettingsQueryKeys.all] : [],
  });
}
