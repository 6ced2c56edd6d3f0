import type { TMoneyMovementReverseResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';
import { invoiceShown, invoiceStale } from './invoice-written';
import { invoiceQueryKeys } from './query-keys';

/** Reverses one booking on an invoice (finance role), with the reason. */
export function reverseMovement(id: string, reason: string): Promise<TMoneyMovementReverseResult> {
  return apiRequest<TMoneyMovementReverseResult>(
    `/api/money-movements/${encodeURIComponent(id)}/reverse`,
    { method: 'POST', body: { reason } },
  );
}

/** The reversal; the invoice shows its answer, and a bank payment's queue refreshes too. */
export function useReverseMovement() {
  return useInvalidatingMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reverseMovement(id, reason),
    sets: (result) => (result.invoice ? invoiceShown(result.invoice) : []),
    invalidates: (result) => [
      ...(result.invoice ? invoiceStale(result.invoice) : [invoiceQueryKeys.all]),
      areaKeys('bank-statements').all,
      areaKeys('members').all,
    ],
  });
}
