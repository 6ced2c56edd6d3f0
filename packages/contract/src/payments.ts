import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema, ZListQuery } from './lists';
import { listSortFields } from './list-definition';
import { paymentsList } from './lists/index';
import { paymentStatuses, paymentLinkedValues } from './enumerations';

export { paymentStatuses, paymentLinkedValues };

// --- Payments: the card-payment provider's invoices (shared/design/domain.md) -----------------

export type TPaymentStatus = (typeof paymentStatuses)[number];

/** The columns the Payments list can be sorted by. */
export const paymentListSorts = listSortFields(paymentsList);

/** The metadata keys the provider's invoice carries to name our records. */
export const paymentMetadataKeys = { invoice: 'invoice_id', member: 'member_id' } as const;

export const ZPaymentListItem = z
  .object({
    sid: z.string(),
    providerInvoiceId: z.string().describe("The provider's invoice id, e.g. in_1Q…"),
    number: z.string().nullable().describe("The provider's invoice number (set when finalized)"),
    customerName: z.string().nullable(),
    customerEmail: z.string().nullable(),
    status: z.enum(paymentStatuses),
    amountDueMinor: z.number().int().describe('Minor units of `currency`'),
    amountPaidMinor: z.number().int(),
    amountRemainingMinor: z.number().int(),
    currency: z.string().length(3).describe('ISO 4217, upper case'),
    createdAt: z.string().describe('ISO time the provider created it'),
    dueDate: z.string().nullable().describe('YYYY-MM-DD'),
    invoiceIid: z.string().nullable().describe('Our invoice it pays, when linked'),
    invoiceNumber: z.string().nullable(),
    memberMid: z.string().nullable(),
    memberNumber: z.string().nullable(),
    memberName: z.string().nullable(),
    isDeleted: z.boolean().describe('A draft deleted at the provider'),
    // The fields its columns declare (lists/payments.ts).
    ...listItemFields(paymentsList),
  })
  .describe('A row of the Payments list (a card-payment invoice)');
export type TPaymentListItem = z.infer<typeof ZPaymentListItem>;

export const ZPaymentsListQuery = listQuerySchema(paymentsList, {
  q: ZListQuery.shape.q.describe(
    "Any part of the provider's invoice number, id, the customer's e-mail or name",
  ),
});
export type TPaymentsListQuery = z.infer<typeof ZPaymentsListQuery>;

export const ZPaymentsListPage = listPageOf(ZPaymentListItem).describe(
  'A page of card-payment invoices',
);
export type TPaymentsListPage = z.infer<typeof ZPaymentsListPage>;

export const ZPaymentEvent = z
  .object({
    eventId: z.string(),
    type: z.string().describe('e.g. invoice.paid'),
    createdAt: z.string().describe('ISO time the provider created the event'),
    receivedAt: z.string().describe('ISO time we received it'),
    outcome: z.string().nullable().describe('What receiving it did, in words'),
  })
  .describe('A webhook event of a card-payment invoice');
export type TPaymentEvent = z.infer<typeof ZPaymentEvent>;

export const ZPaymentDetail = ZPaymentListItem.extend({
  customerId: z.string().nullable(),
  hostedInvoiceUrl: z.string().nullable().describe("The provider's page where the customer pays"),
  invoicePdfUrl: z.string().nullable(),
  paidAt: z.string().nullable(),
  statusTransitions: z
    .object({
      finalizedAt: z.string().nullable(),
      paidAt: z.string().nullable(),
      voidedAt: z.string().nullable(),
      markedUncollectibleAt: z.string().nullable(),
    })
    .describe('When it moved through its life cycle at the provider'),
  metadata: z.record(z.string(), z.string()),
  isLiveMode: z.boolean().describe('A live payment (false: the provider’s test mode)'),
  deletedAt: z.string().nullable(),
  lastEventId: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  invoice: z
    .object({
      iid: z.string(),
      number: z.string(),
      status: z.string(),
      totalMinor: z.number().int(),
      currency: z.string(),
      paidAt: z.string().nullable(),
      paidMethod: z.string().nullable(),
      paidReference: z.string().nullable(),
    })
    .nullable()
    .describe('Our invoice it pays'),
  member: z
    .object({ mid: z.string(), number: z.string(), legalName: z.string(), status: z.string() })
    .nullable(),
  events: z.array(ZPaymentEvent).describe('Every webhook event received, oldest first'),
  version: z.number().int(),
  updatedAt: z.string(),
}).describe('One card-payment invoice');
export type TPaymentDetail = z.infer<typeof ZPaymentDetail>;

export const ZPaymentParams = z.object({ sid: z.string().min(1).max(64) });

export const ZLinkPaymentRequest = z
  .object({
    version: z.number().int().min(1).describe('The version you read (optimistic concurrency)'),
    invoiceNumber: z
      .string()
      .trim()
      .min(1, 'Enter an invoice number')
      .max(40, 'At most 40 characters')
      .describe('Our invoice this card payment pays, by its number'),
  })
  .describe('Link an unlinked card-payment invoice to one of our invoices');
export type TLinkPaymentRequest = z.infer<typeof ZLinkPaymentRequest>;

export const ZLinkPaymentResult = z
  .object({
    payment: ZPaymentDetail,
    message: z.string().describe('What linking did, in words (e.g. the invoice marked paid)'),
  })
  .describe('The linked card-payment invoice');
export type TLinkPaymentResult = z.infer<typeof ZLinkPaymentResult>;

export const ZStripeWebhookResult = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().optional().describe('This event id was received before: nothing done'),
    outcome: z.string().optional(),
  })
  .describe('The webhook acknowledged');
