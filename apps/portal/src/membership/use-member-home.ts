import type { TPortalChangeRequest } from '@ops/contract/change-requests';
import type { TPortalCertificate, TPortalMembership } from '@ops/contract/portal-membership';
import { isApiError } from '@ops/ui/api-client';
import { useEffect } from 'react';
import { membershipApi } from './api';
import { useMemberData } from './member-events';

export type MemberHome = {
  membership: TPortalMembership;
  certificates: TPortalCertificate[];
  /** The member's requests waiting for staff (company data, closing the account). */
  pendingRequests: TPortalChangeRequest[];
};

const loadMemberHome = async (): Promise<MemberHome> => {
  const [membership, certificates, pendingRequests] = await Promise.all([
    membershipApi.get(),
    membershipApi.certificates(),
    // A line on the home, not its substance: without it the membership still shows.
    membershipApi.company().then(
      (company) => company.pending,
      (error: unknown) => {
        if (!isApiError(error, 'not-found')) console.warn(error);
        return [];
      },
    ),
  ]);
  return { membership, certificates: certificates.items, pendingRequests };
};

/**
 * What a member's user finds first on the home (issue 35): the membership, its certificates and
 * the requests waiting for staff, kept current by the member's live events. `undefined` while
 * loading, `null` for a person who is no member's user (the server's 404), whose home stays the
 * applicant's.
 */
export function useMemberHome(): MemberHome | null | undefined {
  const { data, error } = useMemberData(loadMemberHome);
  useEffect(() => {
    // Anything but "no member" also shows the applicant's home rather than a broken one.
    if (error !== undefined && !isApiError(error, 'not-found')) console.warn(error);
  }, [error]);
  return data ?? (error === undefined ? undefined : null);
}
