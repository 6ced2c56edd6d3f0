import type { TLinkPaymentRequest, TLinkPaymentResult } from '@ops/contract';
import { auditQueryKeys } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { paymentPath } from './get-payment';
import { paymentQueryKeys } from './query-keys';

export function linkPayment(sid: string, body: TLinkPaymentRequest): Promise<TLinkPaymentResult> {
  return apiRequest<TLinkPaymentResult>(`${paymentPath(sid)}/link`, { method: 'POST', body });
}

/** Links the card-payment invoice to one of our invoices; the list and the detail refresh. */
export function useLinkPayment(sid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TLinkPaymentRequest) => linkPayment(sid, body),
    sets: (result) => [[paymentQueryKeys.detail(sid), result.payment]],
    invalidates: () => [paymentQueryKeys.all, auditQueryKeys.record('stripe_invoices', sid)],
  });
}
