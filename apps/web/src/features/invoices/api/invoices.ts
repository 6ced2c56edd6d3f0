import type {
  TBankAccountListItem,
  TBankAccountsListPage,
  TInvoiceActionResult,
  TInvoiceDetail,
  TInvoiceDraftRequest,
  TInvoiceDraftUpdate,
  TInvoiceIssueRequest,
  TInvoiceMarkPaidRequest,
  TInvoiceReasonRequest,
  TInvoiceRenewalRun,
  TMemberListItem,
  TMembersListPage,
} from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryKeys } from '@/components/data-list';
import { auditQueryKeys, useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@/lib/api-client';

/** Query keys under the invoices list's root, so a list refresh reaches the detail too. */
export const invoiceQueryKeys = {
  all: listQueryKeys.all('invoices'),
  detail: (iid: string) => ['invoices', 'detail', iid] as const,
  memberChoices: (q: string) => ['invoices', 'member-choices', q] as const,
  bankAccounts: (currency: string) => ['invoices', 'bank-accounts', currency] as const,
  renewal: (runId: string) => ['invoices', 'renewal', runId] as const,
};

const invoicePath = (iid: string) => `/api/invoices/${encodeURIComponent(iid)}`;
export const invoicePdfPath = (iid: string) => `${invoicePath(iid)}/pdf`;

export function invoiceQueryOptions(iid: string) {
  return queryOptions({
    queryKey: invoiceQueryKeys.detail(iid),
    queryFn: ({ signal }) => apiRequest<TInvoiceDetail>(invoicePath(iid), { signal }),
  });
}

/** One invoice, refetched (with its history) when it, its member or a certificate changes. */
export function useInvoice(iid: string) {
  useRecordFollowsChanges({
    table: 'invoices',
    id: iid,
    queryKey: invoiceQueryKeys.detail(iid),
    relatedTables: ['members', 'certificates'],
  });
  return useQuery(invoiceQueryOptions(iid));
}

function useAfterWrite() {
  const queryClient = useQueryClient();
  return (invoice: TInvoiceDetail) => {
    queryClient.setQueryData(invoiceQueryKeys.detail(invoice.iid), invoice);
    void queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all });
    void queryClient.invalidateQueries({
      queryKey: auditQueryKeys.record('invoices', invoice.iid),
    });
  };
}

export function useCreateInvoiceDraft() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: TInvoiceDraftRequest) =>
      apiRequest<TInvoiceDetail>('/api/invoices', { method: 'POST', body }),
    onSuccess: afterWrite,
  });
}

export function useUpdateInvoiceDraft(iid: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: TInvoiceDraftUpdate) =>
      apiRequest<TInvoiceDetail>(invoicePath(iid), { method: 'PATCH', body }),
    onSuccess: afterWrite,
  });
}

type ActionBody =
  | { action: 'issue'; body: TInvoiceIssueRequest }
  | { action: 'mark-paid'; body: TInvoiceMarkPaidRequest }
  | { action: 'void' | 'uncollectible'; body: TInvoiceReasonRequest };

/** A life-cycle move (issue, mark paid, void, uncollectible); answers what it caused. */
export function useInvoiceAction(iid: string) {
  const afterWrite = useAfterWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: ActionBody) =>
      apiRequest<TInvoiceActionResult>(`${invoicePath(iid)}/${action}`, { method: 'POST', body }),
    onSuccess: (result) => {
      afterWrite(result.invoice);
      // Rule 2 changes the member and issues a certificate: their screens refresh too.
      void queryClient.invalidateQueries({ queryKey: ['members'] });
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
    },
  });
}

/** Members matching a search box (name or number), for the draft's member picker. */
export function useMemberChoices(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: invoiceQueryKeys.memberChoices(text),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: text, sort: 'legalName', limit: '10' });
      return apiRequest<TMembersListPage>(`/api/members?${params.toString()}`, { signal }).then(
        (page): TMemberListItem[] => page.data,
      );
    },
    enabled: text !== '',
    placeholderData: (previous) => previous,
  });
}

/** The active bank accounts of a currency, default first. */
export function useBankAccounts(currency: string) {
  return useQuery({
    queryKey: invoiceQueryKeys.bankAccounts(currency),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ currency, active: 'true', limit: '50' });
      return apiRequest<TBankAccountsListPage>(`/api/bank-accounts?${params.toString()}`, {
        signal,
      }).then((page): TBankAccountListItem[] =>
        [...page.data].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
      );
    },
  });
}

export function useStartRenewal() {
  return useMutation({
    mutationFn: ({ year, sendEmails }: { year: number; sendEmails: boolean }) =>
      apiRequest<TInvoiceRenewalRun>('/api/invoices/renewals', {
        method: 'POST',
        body: { year, sendEmails },
      }),
  });
}

/** A renewal run, polled every half second while it runs. */
export function useRenewalRun(runId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: invoiceQueryKeys.renewal(runId ?? ''),
    queryFn: async ({ signal }) => {
      const run = await apiRequest<TInvoiceRenewalRun>(
        `/api/invoices/renewals/${encodeURIComponent(runId ?? '')}`,
        { signal },
      );
      if (run.status !== 'running')
        void queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all });
      return run;
    },
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 500 : false),
  });
}
