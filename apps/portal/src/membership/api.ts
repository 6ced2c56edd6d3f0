import type {
  TPortalCardPayment,
  TPortalCertificate,
  TPortalCreditNote,
  TPortalInvoice,
  TPortalMembership,
} from '@ops/contract/portal-membership';
import type {
  TPortalColleagues,
  TPortalInvitation,
  TPortalInviteRequest,
  TPortalReceivedInvitation,
} from '@ops/contract/portal-colleagues';
import type { TPortalMemberRole } from '@ops/contract/portal-membership';
import type { TPortalCompany } from '@ops/contract/change-requests';
import { apiRequest } from '@ops/ui/api-client';

/** The member side of the operating contract (issue 35), for the signed-in user's member. */
export const membershipApi = {
  get: () => apiRequest<TPortalMembership>('/api/membership'),
  /**
   * A group's person acts for another of their `memberships` from now on: the portal session
   * remembers it, and every member route answers for that member (404 for one not theirs).
   */
  switchTo: (mid: string) =>
    apiRequest<TPortalMembership>('/api/membership/current', { method: 'PUT', body: { mid } }),
  invoices: () => apiRequest<{ items: TPortalInvoice[] }>('/api/invoices'),
  creditNotes: () => apiRequest<{ items: TPortalCreditNote[] }>('/api/credit-notes'),
  creditNotePdfHref: (cnid: string) => `/api/credit-notes/${encodeURIComponent(cnid)}/pdf`,
  certificates: () => apiRequest<{ items: TPortalCertificate[] }>('/api/certificates'),
  payByCard: (iid: string) =>
    apiRequest<TPortalCardPayment>(`/api/invoices/${encodeURIComponent(iid)}/pay`, {
      method: 'POST',
    }),
  statementPdfHref: (from: string, to: string) =>
    `/api/statement?${new URLSearchParams({ from, to }).toString()}`,
  invoicePdfHref: (iid: string) => `/api/invoices/${encodeURIComponent(iid)}/pdf`,
  certificatePdfHref: (cid: string) => `/api/certificates/${encodeURIComponent(cid)}/pdf`,
  /** The company data and the requests waiting for staff (the company screen's `companyApi`). */
  company: () => apiRequest<TPortalCompany>('/api/company'),
};

/** The colleagues (issue 35): who is there, invitations, roles; and invitations received. */
export const colleaguesApi = {
  list: () => apiRequest<TPortalColleagues>('/api/colleagues'),
  invite: (request: TPortalInviteRequest) =>
    apiRequest<TPortalInvitation>('/api/colleagues', { body: request }),
  changeRole: (uid: string, role: TPortalMemberRole) =>
    apiRequest<TPortalColleagues>(`/api/colleagues/${encodeURIComponent(uid)}`, {
      method: 'PATCH',
      body: { role },
    }),
  remove: (uid: string) =>
    apiRequest<TPortalColleagues>(`/api/colleagues/${encodeURIComponent(uid)}`, {
      method: 'DELETE',
    }),
  received: () => apiRequest<{ items: TPortalReceivedInvitation[] }>('/api/invitations'),
  answer: (id: string, accept: boolean) =>
    apiRequest<{ memberMid: string | null }>(`/api/invitations/${encodeURIComponent(id)}/answer`, {
      body: { accept },
    }),
};

/** An enumeration's value as an ICU select key ("pending-payment" → "pendingPayment"). */
export function selectKey(value: string): string {
  return value.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
