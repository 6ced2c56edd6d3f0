import type {
  TPortalCardPayment,
  TPortalCertificate,
  TPortalCreditNote,
  TPortalInvoice,
  TPortalMembership,
} from '@ops/contract/portal-membership';
import { apiRequest } from '@ops/ui/api-client';

/** The member side of the operating contract (issue 35), for the signed-in user's member. */
export const membershipApi = {
  get: () => apiRequest<TPortalMembership>('/api/membership'),
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
};

/** An enumeration's value as an ICU select key ("pending-payment" → "pendingPayment"). */
export function selectKey(value: string): string {
  return value.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
