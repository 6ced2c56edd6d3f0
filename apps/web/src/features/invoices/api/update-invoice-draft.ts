import type { TInvoiceDetail, TInvoiceDraftUpdate } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { invoicePath } from './get-invoice';
import { invoiceShown, invoiceStale } from './invoice-written';

export function updateInvoiceDraft(
  iid: string,
  body: TInvoiceDraftUpdate,
): Promise<TInvoiceDetail> {
  return apiRequest<TInvoiceDetail>(invoicePath(iid), { method: 'PATCH', body });
}

export function useUpdateInvoiceDraft(iid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TInvoiceDraftUpdate) => updateInvoiceDraft(iid, body),
    sets: invoiceShown,
    invalidates: invoiceStale,
  });
}
