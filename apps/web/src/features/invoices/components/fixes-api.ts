import type {
  InvoiceFixCheck,
  TCardLinkRepair,
  TInvoiceFixesSummary,
  TInvoiceFixFindingsPage,
  TInvoiceFixResult,
  TNoMemberRepair,
  TPaidMemberPendingRepair,
  TTotalsRepair,
  TVoidDuplicateRepair,
} from '@ops/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useLiveChanges } from '@/lib/live-changes';

/** Cache keys of the invoice fixes screen: the summary and each check's pages. */
export const invoiceFixesQueryKeys = {
  all: ['invoice-fixes'] as const,
  summary: ['invoice-fixes', 'summary'] as const,
  findings: (check: InvoiceFixCheck, offset: number, limit: number) =>
    ['invoice-fixes', check, offset, limit] as const,
};

/** The findings page of one check, narrowed to that check's shape. */
export type InvoiceFindingsPageOf<C extends InvoiceFixCheck> = Extract<
  TInvoiceFixFindingsPage,
  { check: C }
>;

export function useInvoiceFixesSummary() {
  return useQuery(
    queryOptions({
      queryKey: invoiceFixesQueryKeys.summary,
      queryFn: ({ signal }) => apiRequest<TInvoiceFixesSummary>('/api/invoices/fixes', { signal }),
    }),
  );
}

export function useInvoiceFixFindings<C extends InvoiceFixCheck>(
  check: C,
  offset: number,
  limit: number,
) {
  return useQuery({
    queryKey: invoiceFixesQueryKeys.findings(check, offset, limit),
    queryFn: ({ signal }) =>
      apiRequest<InvoiceFindingsPageOf<C>>(
        `/api/invoices/fixes/${check}?offset=${offset}&limit=${limit}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Another operator's change to invoices, members or card payments (or our own) may add or settle
 * findings: fetch the checks again when the change stream says so.
 */
export function useLiveInvoiceFixes() {
  const queryClient = useQueryClient();
  useLiveChanges(['invoices', 'members', 'stripe_invoices'], () => {
    void queryClient.invalidateQueries({ queryKey: invoiceFixesQueryKeys.all });
  });
}

/** A repair as the screen asks for it: the check decides the endpoint and the body. */
export type InvoiceFixRepair =
  | { check: 'no-member'; body: TNoMemberRepair }
  | { check: 'duplicate-number' | 'duplicate-billing'; body: TVoidDuplicateRepair }
  | { check: 'totals'; body: TTotalsRepair }
  | { check: 'paid-member-pending'; body: TPaidMemberPendingRepair }
  | { check: 'card-unlinked'; body: TCardLinkRepair };

/**
 * Runs a repair. `onResult` hears what was done; then the checks, the invoice and member lists,
 * details and histories are fetched again (the change stream would refresh them a moment later).
 */
export function useInvoiceFixRepair(onResult: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (repair: InvoiceFixRepair) =>
      apiRequest<TInvoiceFixResult>(`/api/invoices/fixes/${repair.check}/repair`, {
        method: 'POST',
        body: repair.body,
      }),
    onSuccess: (result) => onResult(result.message),
    onSettled: () => {
      for (const queryKey of [
        invoiceFixesQueryKeys.all,
        ['invoices'],
        ['invoice'],
        ['members'],
        ['member'],
        ['stripe-invoices'],
        ['audit'],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
