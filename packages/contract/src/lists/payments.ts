import { paymentLinkedValues, paymentStatuses } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The Payments list (the card-payment provider's invoices), newest first. Every sort has its
 * index (migration 0019).
 */
export const paymentsList = defineList({
  name: 'payments',
  columns: {
    number: { header: 'Provider number' },
    providerInvoiceId: { header: 'Provider invoice id' },
    customer: { header: 'Customer', exportKey: 'customerName' },
    customerEmail: {
      type: 'text',
      sort: true,
      filter: true,
      description: "Customers' e-mail addresses (any case)",
      header: 'Customer e-mail',
    },
    status: {
      type: 'text',
      sort: true,
      filter: true,
      values: paymentStatuses,
      description: 'Statuses, e.g. "open,uncollectible"',
      header: 'Status',
    },
    currency: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'Currencies, e.g. "CHF,EUR"',
      header: 'Currency',
    },
    amountDue: {
      type: 'integer',
      sort: true,
      header: 'Amount due (minor units)',
      exportKey: 'amountDueMinor',
    },
    amountPaid: { header: 'Amount paid (minor units)', exportKey: 'amountPaidMinor' },
    amountRemaining: {
      header: 'Amount remaining (minor units)',
      exportKey: 'amountRemainingMinor',
    },
    created: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'Days created (at headquarters), e.g. "2026-01-01..2026-01-31"',
      header: 'Created',
      exportKey: 'createdAt',
    },
    dueDate: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of due dates, or "(empty)"',
      header: 'Due date',
    },
    invoiceNumber: { header: 'Our invoice' },
    member: {
      type: 'text',
      sort: true,
      filter: true,
      description: "Members' ids (mid)",
      header: 'Membership number',
      references: 'member',
      exportKey: 'memberNumber',
    },
    memberName: { header: 'Member' },
    sid: { header: 'Id' },
    linked: {
      type: 'text',
      sort: true,
      filter: true,
      values: paymentLinkedValues,
      description: '"yes": linked to one of our invoices; "no": not linked',
    },
  },
  defaultSort: '-created',
});
