import type { TPortalCertificate, TPortalMembership } from '@ops/contract/portal-membership';
import { isApiError } from '@ops/ui/api-client';
import { useEffect } from 'react';
import { membershipApi } from './api';
import { useMemberData } from './member-events';

export type MemberHome = { membership: TPortalMembership; certificates: TPortalCertificate[] };

const loadMemberHome = async (): Promise<MemberHome> => {
  const [membership, certificates] = await Promise.all([
    membershipApi.get(),
    membershipApi.certificates(),
  ]);
  return { membership, certificates: certificates.items };
};

/**
 * What a member's user finds first on the home (issue 35): the membership and its certificates,
 * kept current by the member's live events. `undefined` while loading, `null` for a person who
 * is no member's user (the server's 404), whose home stays the applicant's.
 */
export function useMemberHome(): MemberHome | null | undefined {
  const { data, error } = useMemberData(loadMemberHome);
  useEffect(() => {
    // Anything but "no member" also shows the applicant's home rather than a broken one.
    if (error !== undefined && !isApiError(error, 'not-found')) console.warn(error);
  }, [error]);
  return data ?? (error === undefined ? undefined : null);
}
