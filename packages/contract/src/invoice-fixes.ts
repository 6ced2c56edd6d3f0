import { z } from 'zod';
import { invoiceKinds, invoicePaymentMethods, invoiceSources, invoiceStatuses } from './invoices';
import { memberStatuses } from './members';

/**
 * Invoice fixes (`/invoices/fixes`): checks that find problems among invoices and card payments,
 * each with an audited repair (action `fix:<check>`) that never rewrites a paid invoice
 * silently: a paid invoice only ever gains a member or a card-payment link, or (confirmed, with a
 * reason, before and after recorded) recomputed totals; its payment is never touched.
 */
export const invoiceFixChecks = [
  'no-member',
  'duplicate-number',
  'duplicate-billing',
  'totals',
  'paid-member-pending',
  'card-unlinked',
  'card-void-invoice',
] as const;
export type InvoiceFixCheck = (typeof invoiceFixChecks)[number];
export const ZInvoiceFixCheck = z.enum(invoiceFixChecks).describe('Which check');

/** Checks whose findings have no automatic repair (the screen shows guidance only). */
export const invoiceFixChecksWithoutRepair: readonly InvoiceFixCheck[] = ['card-void-invoice'];

/** What each check looks for, as the screen and the OpenAPI document say it. */
export const invoiceFixCheckInfo: Record<InvoiceFixCheck, { title: string; description: string }> =
  {
    'no-member': {
      title: 'Invoices without a member',
      description:
        'Invoices (not void) with no member, or whose member is deleted: nobody is billed and a payment cannot run rule 2.',
    },
    'duplicate-number': {
      title: 'Invoice numbers that collide',
      description:
        'Invoices (not void) whose numbers are the same once case, spaces, dashes and leading zeros are ignored (2026-123 and 2026-000123).',
    },
    'duplicate-billing': {
      title: 'Membership billed twice',
      description: 'A member with two or more membership invoices (not void) for the same year.',
    },
    totals: {
      title: 'Totals that do not add up',
      description:
        'Invoices whose stored subtotal, VAT, donation or total differ from what their lines add up to.',
    },
    'paid-member-pending': {
      title: 'Paid, but the member is still pending',
      description:
        'Live members with a paid membership invoice who are still pending payment (and owe nothing past due), or whose paid-through year is behind the year they paid.',
    },
    'card-unlinked': {
      title: 'Card payments not linked to an invoice',
      description:
        'Card-payment invoices from the payment provider that are linked to none of ours.',
    },
    'card-void-invoice': {
      title: 'Card payments paid on a void invoice',
      description:
        'Card-payment invoices that were paid although the invoice they are linked to is void: the member paid for nothing.',
    },
  };

/**
 * The key invoice numbers collide on: lower case, leading zeros of every group of digits dropped,
 * then everything but letters and digits dropped ("2026-000123" and "2026 123" → "2026123").
 * Migration 0021's `invoice_number_key` is the same rule (a test checks that they agree).
 */
export function invoiceNumberKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/(^|[^0-9])0+([0-9])/g, '$1$2')
    .replace(/[^a-z0-9]/g, '');
}

const ZIid = z.string().min(1).max(100).describe("An invoice's id (iid)");
const ZVersion = z.number().int().min(1).describe('The version of the record as you read it');
const ZReason = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .describe('Why, for the audit trail');

export const ZFixMemberRef = z
  .object({
    mid: z.string(),
    number: z.string().describe('Membership number'),
    legalName: z.string(),
    status: z.enum(memberStatuses),
    email: z.string().nullable(),
    paidThroughYear: z.number().int().nullable(),
    isDeleted: z.boolean(),
    version: z.number().int(),
  })
  .describe('A member as a finding names it');
export type TFixMemberRef = z.infer<typeof ZFixMemberRef>;

export const ZFixInvoice = z
  .object({
    iid: z.string(),
    number: z.string(),
    member: ZFixMemberRef.nullable().describe('The member it bills (deleted or not), if any'),
    kind: z.enum(invoiceKinds),
    year: z.number().int(),
    issueDate: z.string().nullable().describe('YYYY-MM-DD'),
    dueDate: z.string().nullable().describe('YYYY-MM-DD'),
    currency: z.string(),
    status: z.enum(invoiceStatuses),
    subtotalMinor: z.number().int(),
    vatMinor: z.number().int(),
    donationMinor: z.number().int(),
    totalMinor: z.number().int(),
    paidAt: z.string().nullable().describe('ISO time'),
    paidAmountMinor: z.number().int().nullable(),
    paidMethod: z.enum(invoicePaymentMethods).nullable(),
    paymentReference: z.string().nullable(),
    source: z.enum(invoiceSources),
    importBatch: z.string().nullable(),
    cardInvoiceSid: z.string().nullable(),
    version: z.number().int(),
    updatedAt: z.string().describe('ISO time of the last change'),
  })
  .describe('An invoice as a finding shows it');
export type TFixInvoice = z.infer<typeof ZFixInvoice>;

export const ZFixCardInvoice = z
  .object({
    sid: z.string(),
    providerInvoiceId: z.string(),
    number: z.string().nullable(),
    customerEmail: z.string().nullable(),
    customerName: z.string().nullable(),
    status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
    amountDueMinor: z.number().int(),
    amountPaidMinor: z.number().int(),
    currency: z.string().describe('Upper case, e.g. CHF'),
    createdAt: z.string().nullable().describe('When the provider created it (ISO time)'),
    memberMid: z.string().nullable(),
    invoiceIid: z.string().nullable(),
    version: z.number().int(),
  })
  .describe('A card-payment invoice as a finding shows it');
export type TFixCardInvoice = z.infer<typeof ZFixCardInvoice>;

export const ZProposedMember = ZFixMemberRef.extend({
  reason: z.string().describe('Why this member, e.g. "the payment reference names M-000123"'),
});

export const ZNoMemberFinding = z.object({
  invoice: ZFixInvoice,
  problem: z.enum(['no-member', 'deleted-member']),
  proposedMember: ZProposedMember.nullable(),
  canVoid: z.boolean().describe('Whether voiding is allowed (draft or issued: never paid)'),
  proposal: z.string(),
});
export type TNoMemberFinding = z.infer<typeof ZNoMemberFinding>;

export const ZDuplicateInvoicesFinding = z.object({
  key: z.string().describe('The normalized number, or the member number and year'),
  invoices: z.array(ZFixInvoice).min(2).describe('Every invoice (not void) of the group'),
  proposedVoidIid: z
    .string()
    .nullable()
    .describe('The unpaid duplicate to void; none when every invoice of the group is paid'),
  proposal: z.string(),
});
export type TDuplicateInvoicesFinding = z.infer<typeof ZDuplicateInvoicesFinding>;

export const ZTotals = z.object({
  subtotalMinor: z.number().int(),
  vatMinor: z.number().int(),
  donationMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type TTotals = z.infer<typeof ZTotals>;

export const ZTotalsFinding = z.object({
  invoice: ZFixInvoice,
  stored: ZTotals,
  computed: ZTotals.nullable().describe('What the lines add up to; null when a line is unreadable'),
  differences: z.array(z.string()).describe('Each field that differs, in words'),
  needsConfirmation: z
    .boolean()
    .describe('The invoice is paid: the repair needs confirmPaid and a reason'),
  proposal: z.string(),
});
export type TTotalsFinding = z.infer<typeof ZTotalsFinding>;

export const ZPaidMemberPendingFinding = z.object({
  member: ZFixMemberRef,
  invoice: ZFixInvoice.describe("The member's latest paid membership invoice"),
  problems: z.array(z.string()),
  proposal: z.string(),
});
export type TPaidMemberPendingFinding = z.infer<typeof ZPaidMemberPendingFinding>;

export const ZCardUnlinkedFinding = z.object({
  card: ZFixCardInvoice,
  proposedInvoice: ZFixInvoice.nullable(),
  proposedReason: z.string().nullable().describe('Why this invoice'),
  marksPaid: z
    .boolean()
    .describe('Linking marks the proposed invoice paid by card (it is issued, the card one paid)'),
  proposal: z.string(),
});
export type TCardUnlinkedFinding = z.infer<typeof ZCardUnlinkedFinding>;

export const ZCardVoidInvoiceFinding = z.object({
  card: ZFixCardInvoice,
  invoice: ZFixInvoice,
  proposal: z.string().describe('Guidance: no automatic repair'),
});
export type TCardVoidInvoiceFinding = z.infer<typeof ZCardVoidInvoiceFinding>;

export const ZInvoiceFixFindingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(20).describe('Findings per page'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Findings to skip'),
});
export type TInvoiceFixFindingsQuery = z.infer<typeof ZInvoiceFixFindingsQuery>;

const pageFields = {
  count: z.number().int().describe('Findings in all (not only this page)'),
  offset: z.number().int(),
  limit: z.number().int(),
};

export const ZInvoiceFixFindingsPage = z
  .discriminatedUnion('check', [
    z.object({
      check: z.literal('no-member'),
      ...pageFields,
      findings: z.array(ZNoMemberFinding),
    }),
    z.object({
      check: z.literal('duplicate-number'),
      ...pageFields,
      findings: z.array(ZDuplicateInvoicesFinding),
    }),
    z.object({
      check: z.literal('duplicate-billing'),
      ...pageFields,
      findings: z.array(ZDuplicateInvoicesFinding),
    }),
    z.object({ check: z.literal('totals'), ...pageFields, findings: z.array(ZTotalsFinding) }),
    z.object({
      check: z.literal('paid-member-pending'),
      ...pageFields,
      findings: z.array(ZPaidMemberPendingFinding),
    }),
    z.object({
      check: z.literal('card-unlinked'),
      ...pageFields,
      findings: z.array(ZCardUnlinkedFinding),
    }),
    z.object({
      check: z.literal('card-void-invoice'),
      ...pageFields,
      findings: z.array(ZCardVoidInvoiceFinding),
    }),
  ])
  .describe("A page of a check's findings");
export type TInvoiceFixFindingsPage = z.infer<typeof ZInvoiceFixFindingsPage>;

export const ZInvoiceFixesSummary = z
  .object({
    checks: z.array(
      z.object({
        check: ZInvoiceFixCheck,
        title: z.string(),
        description: z.string(),
        count: z.number().int().describe('Findings of this check'),
        hasRepair: z.boolean().describe('Whether the check offers a repair (else guidance only)'),
      }),
    ),
  })
  .describe('Every check with its count of findings');
export type TInvoiceFixesSummary = z.infer<typeof ZInvoiceFixesSummary>;

export const ZNoMemberRepair = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('assign'),
      iid: ZIid,
      version: ZVersion,
      memberNumber: z
        .string()
        .trim()
        .min(1, 'Name the member')
        .max(50)
        .describe('Membership number of the live member to bill'),
      reason: ZReason.optional().describe('Why; required when the invoice is paid'),
      confirmPaid: z
        .boolean()
        .optional()
        .describe('Required (true) when the invoice is paid: you know it is'),
    }),
    z.object({
      action: z.literal('void'),
      iid: ZIid,
      version: ZVersion,
      reason: ZReason.min(1, 'Say why').describe('Why it is voided (required)'),
    }),
  ])
  .describe('Give an invoice without a member its member, or void it (never a paid one)');
export type TNoMemberRepair = z.infer<typeof ZNoMemberRepair>;

export const ZVoidDuplicateRepair = z
  .object({
    iid: ZIid.describe('The unpaid duplicate to void'),
    version: ZVersion,
    reason: ZReason.min(1, 'Say why').describe('Why it is voided (required)'),
  })
  .describe('Void the unpaid invoice of a duplicate group');
export type TVoidDuplicateRepair = z.infer<typeof ZVoidDuplicateRepair>;

export const ZTotalsRepair = z
  .object({
    iid: ZIid,
    version: ZVersion,
    reason: ZReason.optional().describe('Why; required when the invoice is paid'),
    confirmPaid: z
      .boolean()
      .optional()
      .describe('Required (true) for a paid invoice: its totals change, its payment does not'),
  })
  .describe("Store the totals the invoice's lines add up to");
export type TTotalsRepair = z.infer<typeof ZTotalsRepair>;

export const ZPaidMemberPendingRepair = z
  .object({
    iid: ZIid.describe('The paid membership invoice'),
    mid: z.string().min(1).max(100),
    memberVersion: ZVersion,
    reason: ZReason.optional(),
  })
  .describe("Run rule 2 for a paid invoice: the member's status, paid-through year, certificate");
export type TPaidMemberPendingRepair = z.infer<typeof ZPaidMemberPendingRepair>;

export const ZCardLinkRepair = z
  .object({
    sid: z.string().min(1).max(100).describe('The card-payment invoice'),
    version: ZVersion,
    iid: ZIid.describe('Our invoice to link it to'),
    invoiceVersion: ZVersion,
    reason: ZReason.optional(),
  })
  .describe(
    'Link a card-payment invoice to ours; a paid card invoice marks an issued invoice paid by card',
  );
export type TCardLinkRepair = z.infer<typeof ZCardLinkRepair>;

export const ZInvoiceFixResult = z
  .object({
    check: ZInvoiceFixCheck,
    message: z.string().describe('What was done, for the person'),
    changed: z.array(
      z.object({
        table: z.enum(['invoices', 'members', 'stripe_invoices']),
        id: z.string(),
        version: z.number().int().describe('Its version after the repair'),
      }),
    ),
  })
  .describe('The outcome of a repair');
export type TInvoiceFixResult = z.infer<typeof ZInvoiceFixResult>;
