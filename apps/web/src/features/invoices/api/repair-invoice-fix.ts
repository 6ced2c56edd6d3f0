import type {
  TCardLinkRepair,
  TInvoiceFixResult,
  TNoMemberRepair,
  TPaidMemberPendingRepair,
  TTotalsRepair,
  TVoidDuplicateRepair,
} from '@ops/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { auditQueryKeys } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';
import { invoiceFixesQueryKeys, invoiceQueryKeys } from './query-keys';

/** A repair as the screen asks for it: the check decides the endpoint and the body. */
export type InvoiceFixRepair =
  | { check: 'no-member'; body: TNoMemberRepair }
  | { check: 'duplicate-number' | 'duplicate-billing'; body: TVoidDuplicateRepair }
  | { check: 'totals'; body: TTotalsRepair }
  | { check: 'paid-member-pending'; body: TPaidMemberPendingRepair }
  | { check: 'card-unlinked'; body: TCardLinkRepair };

export function repairInvoiceFix(repair: InvoiceFixRepair): Promise<TInvoiceFixResult> {
  return apiRequest<TInvoiceFixResult>(`/api/invoices/fixes/${repair.check}/repair`, {
    method: 'POST',
    body: repair.body,
  });
}

/** A finding's repairs: the mutation of `useInvoiceFixRepair`. */
export type InvoiceFixRepairMutation = UseMutationResult<
  TInvoiceFixResult,
  Error,
  InvoiceFixRepair
>;

/** What a repair may have changed, whether it succeeded or not (it may have half-run). */
const repairedKeys = () => [
  invoiceFixesQueryKeys.all,
  invoiceQueryKeys.all,
  areaKeys('members').all,
  // Linking a card payment changes the card-payment invoice (the payments area).
  areaKeys('payments').all,
  auditQueryKeys.all,
];

/**
 * Runs a repair. `onResult` hears what was done; then the checks, the invoice and member lists,
 * details and histories are fetched again (the change stream would refresh them a moment later).
 */
export function useInvoiceFixRepair(onResult: (message: string) => void): InvoiceFixRepairMutation {
  return useInvalidatingMutation({
    mutationFn: repairInvoiceFix,
    invalidates: repairedKeys,
    invalidatesAfterError: repairedKeys,
    onSuccess: (result) => onResult(result.message),
  });
}
