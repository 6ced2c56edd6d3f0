import type { TInvoiceDetail, TInvoiceDraftRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { invoiceShown, invoiceStale } from './invoice-written';

export function createInvoiceDraft(body: TInvoiceDraftRequest): Promise<TInvoiceDetail> {
  return apiRequest<TInvoiceDetail>('/api/invoices', { method: 'POST', body });
}

export function useCreateInvoiceDraft() {
  return useInvalidatingMutation({
    mutationFn: createInvoiceDraft,
    sets: invoiceShown,
    invalidates: invoiceStale,
  });
}
