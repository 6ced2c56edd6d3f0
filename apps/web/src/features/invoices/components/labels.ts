// The words of the invoice enumerations live in the one table per enumeration (lib/labels).
export { invoiceKindLabels, invoiceSourceLabels, paymentMethodLabels } from '@/lib/labels';
