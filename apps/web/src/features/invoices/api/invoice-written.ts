import type { TInvoiceDetail } from '@ops/contract';
import type { QueryKey } from '@tanstack/react-query';
import { auditQueryKeys } from '@/components/detail';
import type { CacheEntry } from '@/lib/mutation';
import { invoiceQueryKeys } from './query-keys';

/** After a write of an invoice: its detail shows the answer at once… */
export const invoiceShown = (invoice: TInvoiceDetail): CacheEntry[] => [
  [invoiceQueryKeys.detail(invoice.iid), invoice],
];

/** …and the invoices area (lists, details) and the invoice's history are fetched again. */
export const invoiceStale = (invoice: TInvoiceDetail): QueryKey[] => [
  invoiceQueryKeys.all,
  auditQueryKeys.record('invoices', invoice.iid),
];
