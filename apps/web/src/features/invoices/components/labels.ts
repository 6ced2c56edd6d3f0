import type { TInvoiceKind, TInvoicePaymentMethod, TInvoiceSource } from '@ops/contract';

export const invoiceKindLabels: Record<TInvoiceKind, string> = {
  membership: 'Membership',
  licence: 'Licence',
  application: 'Application',
  other: 'Other',
};

export const invoiceSourceLabels: Record<TInvoiceSource, string> = {
  generated: 'Generated',
  'csv-import': 'CSV import',
  manual: 'Manual',
};

export const paymentMethodLabels: Record<TInvoicePaymentMethod, string> = {
  'bank-transfer': 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};
