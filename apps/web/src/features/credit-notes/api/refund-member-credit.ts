import type { TRefundRequest, TRefundResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { moneyChangedKeys } from './query-keys';

export function refundMemberCredit(mid: string, body: TRefundRequest) {
  return apiRequest<TRefundResult>(`/api/members/${encodeURIComponent(mid)}/refunds`, {
    method: 'POST',
    body,
  });
}

/** Records a refund of member credit; the member's ledger and balances refresh. */
export function useRefundMemberCredit(mid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TRefundRequest) => refundMemberCredit(mid, body),
    invalidates: () => moneyChangedKeys,
  });
}
