import { useQuery } from '@tanstack/react-query';
import { memberFormOptionsQueryOptions } from '@/lib/api/member-form-options';

/** The choices of the member form (countries, national associations…), while it is open. */
export function useMemberFormOptions(isEnabled: boolean) {
  return useQuery({ ...memberFormOptionsQueryOptions(), enabled: isEnabled });
}
