import type {
  TMembershipBillingResult,
  TMembershipBillingSettings,
  TMembershipBillingUpdate,
} from '@ops/contract/membership-billing';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';

/** Membership billing (issue 32): the first-year rule of approvals. */
export const membershipBillingQueryKeys = areaKeys('membership-billing');

const settingsPath = '/api/settings/membership-billing';

export const membershipBillingQueryOptions = queryOptions({
  queryKey: membershipBillingQueryKeys.all,
  queryFn: ({ signal }) => apiRequest<TMembershipBillingSettings>(settingsPath, { signal }),
});

/** The settings, fetched again when anyone changes them. */
export function useMembershipBilling() {
  const queryClient = useQueryClient();
  useLiveChanges(['membership_billing_settings'], () => {
    void queryClient.invalidateQueries({ queryKey: membershipBillingQueryKeys.all });
  });
  return useQuery(membershipBillingQueryOptions);
}

/** Saves the rule with the version read (a 409 when someone saved meanwhile). */
export function useUpdateMembershipBilling() {
  return useInvalidatingMutation({
    mutationFn: (body: TMembershipBillingUpdate) =>
      apiRequest<TMembershipBillingResult>(settingsPath, { method: 'PUT', body }),
    invalidates: () => [membershipBillingQueryKeys.all],
  });
}
