import type { TFirstInvoicePlan } from '@ops/contract/membership-billing';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { applicationPath } from './get-application';
import { applicationQueryKeys } from './query-keys';

/**
 * What approving the application today would bill (issue 32), asked when the approve dialog
 * opens; fetched again when the federation's rule changes meanwhile.
 */
export function useFirstInvoicePlan(aid: string, isAsked: boolean) {
  const query = useQuery({
    queryKey: applicationQueryKeys.of('first-invoice', aid),
    queryFn: ({ signal }) =>
      apiRequest<TFirstInvoicePlan>(`${applicationPath(aid)}/first-invoice`, { signal }),
    enabled: isAsked,
    staleTime: 0,
  });
  useLiveChanges(['membership_billing_settings'], () => {
    if (isAsked) void query.refetch();
  });
  return query;
}
