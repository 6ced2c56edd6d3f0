import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema } from './lists';
import { listSortFields } from './list-definition';
import { invoicesList } from './lists/index';
import { maxMinorAmount } from './money';
import {
  invoiceStatuses,
  invoiceKinds,
  invoiceSources,
  invoiceCurrencies,
  moneyMovementKinds,
  moneyMovementSources,
  paymentOutcomes,
} from './enumerations';
import { ZInvoiceDunningNotice } from './dunning';

export { invoiceStatuses, invoiceKinds, invoiceSources, invoiceCurrencies };

// --- The invoice model (shared/design/domain.md) ----------------------------------------------

export type TInvoiceStatus = (typeof invoiceStatuses)[number];
export type TInvoiceKind = (typeof invoiceKinds)[number];
export const invoicePaymentMethods = ['bank-transfer', 'card', 'cash', 'other'] as const;
export type TInvoicePaymentMethod = (typeof invoicePaymentMethods)[number];
export type TInvoiceSource = (typeof invoiceSources)[number];

/**
 * The invoice life cycle: draft → issued → paid; issued → void | uncollectible. A draft that was
 * never sent can be voided too (so no mistaken draft lingers). Paid, void and uncollectible are
 * final: a paid invoice never goes back. *Overdue* is derived (issued and past due), not stored.
 */
export const invoiceStatusTransitions: Record<TInvoiceStatus, readonly TInvoiceStatus[]> = {
  draft: ['issued', 'void'],
  issued: ['paid', 'void', 'uncollectible', 'credited'],
  paid: [],
  void: [],
  uncollectible: [],
  credited: [],
};

/** Membership fees of a non-profit association are outside Swiss VAT (domain.md, a fact). */
export const membershipVatExemption = 'Outside the scope of Swiss VAT (membership fee)';
export const donationVatExemption = 'Outside the scope of Swiss VAT (donation)';
/** The optional donation line of a renewal (domain.md: CHF 25). */
export const renewalDonationChfMinor = 25_00;

export const ZInvoiceLine = z
  .object({
    description: z.string().trim().min(1, 'Must not be empty').max(200, 'At most 200 characters'),
    quantity: z
      .number()
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(10_000, 'At most 10,000'),
    unitAmountMinor: z
      .number()
      .int('Must be in minor units (cents)')
      .min(0, 'Must not be negative')
      .max(maxMinorAmount, 'Too large'),
    /** VAT rate in percent (8.1 for Swiss standard VAT), or null with an exemption text. */
    vatRate: z.number().min(0).max(100).multipleOf(0.01).nullable(),
    vatExemption: z.string().trim().max(200).nullable(),
    /** A voluntary donation: outside VAT and carried separately in the totals. */
    isDonation: z.boolean().optional(),
  })
  .refine((line) => line.vatRate !== null || (line.vatExemption ?? '') !== '', {
    message: 'A line without a VAT rate names its exemption',
    path: ['vatExemption'],
  })
  .describe('An invoice line: description, quantity, unit amount in minor units, VAT');
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export type TInvoiceTotals = {
  subtotalMinor: number;
  vatMinor: number;
  donationMinor: number;
  totalMinor: number;
};

function isDonationLine(line: Pick<TInvoiceLine, 'isDonation' | 'vatExemption'>) {
  return line.isDonation === true || line.vatExemption === donationVatExemption;
}

/** A line's amount before VAT. */
export function lineAmountMinor(line: Pick<TInvoiceLine, 'quantity' | 'unitAmountMinor'>): number {
  return line.quantity * line.unitAmountMinor;
}

/**
 * A line's VAT, rounded half up to the minor unit. Integer arithmetic on basis points, so the
 * result never depends on how a float rounds 8.1 %.
 */
export function lineVatMinor(
  line: Pick<TInvoiceLine, 'quantity' | 'unitAmountMinor' | 'vatRate'>,
): number {
  if (!line.vatRate) return 0;
  const basisPoints = BigInt(Math.round(line.vatRate * 100));
  const amount = BigInt(lineAmountMinor(line));
  return Number((amount * basisPoints + 5_000n) / 10_000n);
}

/**
 * The totals of a set of lines, as stored on the invoice: the subtotal is the taxable part (the
 * fee lines), VAT is added per line, the donation is carried separately, and the total is their
 * sum.
 */
export function computeInvoiceTotals(lines: readonly TInvoiceLine[]): TInvoiceTotals {
  let subtotalMinor = 0;
  let vatMinor = 0;
  let donationMinor = 0;
  for (const line of lines) {
    if (isDonationLine(line)) donationMinor += lineAmountMinor(line);
    else {
      subtotalMinor += lineAmountMinor(line);
      vatMinor += lineVatMinor(line);
    }
  }
  return {
    subtotalMinor,
    vatMinor,
    donationMinor,
    totalMinor: subtotalMinor + vatMinor + donationMinor,
  };
}

/** Whether an invoice is overdue: issued and its due date before today (derived, not stored). */
export function isInvoiceOverdue(
  invoice: { status: TInvoiceStatus; dueDate: string | null },
  today: string,
): boolean {
  return invoice.status === 'issued' && invoice.dueDate !== null && invoice.dueDate < today;
}

// --- List (issue 6) --------------------------------------------------------------------------

/** The columns the invoices list can be sorted by (each has its index, migration 0016). */
export const invoiceListSorts = listSortFields(invoicesList);
export type TInvoiceListSort = (typeof invoiceListSorts)[number];

const ZIsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a calendar date');

const ZMinorString = z.string().describe('Minor units (an integer as a string)');

/**
 * What the invoice's movements left (issue 16): its balance is total − paid − credited − written
 * off (0 for a draft or a void invoice); partially paid = issued, money received, a balance left.
 */
const invoiceMoneyFields = {
  balanceMinor: ZMinorString.describe(
    'What is still open: total − payments − credit notes − write-offs (0 for drafts and void)',
  ),
  paidMinor: ZMinorString.describe('Payments and member credit applied to it, less reversals'),
  creditedMinor: ZMinorString.describe('Credit notes on it'),
  writtenOffMinor: ZMinorString.describe('Written off on it (bank charges within the tolerance)'),
  isPartiallyPaid: z.boolean().describe('Issued, with money received and a balance left'),
};

export const ZInvoiceListItem = z
  .object({
    iid: z.string(),
    number: z.string(),
    memberMid: z.string().nullable(),
    memberNumber: z.string().nullable(),
    memberName: z.string().nullable(),
    kind: z.enum(invoiceKinds),
    year: z.number().int(),
    issueDate: z.string().nullable().describe('YYYY-MM-DD'),
    dueDate: z.string().nullable().describe('YYYY-MM-DD'),
    currency: z.string(),
    totalMinor: ZMinorString,
    status: z.enum(invoiceStatuses),
    isOverdue: z.boolean().describe('Issued and past its due date (derived, not stored)'),
    paidAt: z.string().nullable().describe('ISO time'),
    paidAmountMinor: ZMinorString.nullable(),
    paidMethod: z.enum(invoicePaymentMethods).nullable(),
    source: z.enum(invoiceSources),
    ...invoiceMoneyFields,
    // The fields its columns declare (lists/invoices.ts).
    ...listItemFields(invoicesList),
  })
  .describe('A row of the invoices list');
export type TInvoiceListItem = z.infer<typeof ZInvoiceListItem>;

export const ZInvoicesListQuery = listQuerySchema(invoicesList);
export type TInvoicesListQuery = z.infer<typeof ZInvoicesListQuery>;

export const ZInvoicesListPage = listPageOf(ZInvoiceListItem).describe('A page of invoices');
export type TInvoicesListPage = z.infer<typeof ZInvoicesListPage>;

// --- Detail ----------------------------------------------------------------------------------

export const ZInvoiceParams = z.object({ iid: z.string().min(1).max(64) });

/** What an operator can do with an invoice in its state (the UI offers only these). */
export const invoiceActions = ['edit', 'issue', 'mark-paid', 'void', 'uncollectible'] as const;
export type TInvoiceAction = (typeof invoiceActions)[number];

/** The actions of a status, from the life cycle (`invoiceStatusTransitions`). */
export function invoiceActionsOf(status: TInvoiceStatus): TInvoiceAction[] {
  const next = invoiceStatusTransitions[status];
  const actions: TInvoiceAction[] = [];
  if (status === 'draft') actions.push('edit');
  if (next.includes('issued')) actions.push('issue');
  if (next.includes('paid')) actions.push('mark-paid');
  if (next.includes('void')) actions.push('void');
  if (next.includes('uncollectible')) actions.push('uncollectible');
  return actions;
}

/**
 * Whether an invoice can be e-mailed again (issue 32): issued (partly paid and overdue are issued
 * too) or paid. A draft has no number yet, a void or uncollectible one is no longer asked for,
 * and a credited one is cancelled by its credit note, which is what to send instead.
 */
export function isInvoiceSendable(status: TInvoiceStatus): boolean {
  return status === 'issued' || status === 'paid';
}

export const ZInvoiceMovement = z
  .object({
    id: z.string(),
    kind: z.enum(moneyMovementKinds),
    bookedOn: z.string().describe('YYYY-MM-DD'),
    amountMinor: ZMinorString,
    settlesMinor: ZMinorString.describe("Taken off the invoice's balance (negative: reopened)"),
    creditMinor: ZMinorString.describe("Added to the member's credit (negative: taken from it)"),
    method: z.enum(invoicePaymentMethods).nullable(),
    source: z.enum(moneyMovementSources),
    reference: z.string().nullable(),
    reason: z.string().nullable().describe('"QR reference", "bank charges", a reversal\'s reason'),
    bankEntryId: z.string().nullable(),
    bankStatementBsid: z.string().nullable().describe('The statement of the bank entry'),
    creditNote: z.object({ cnid: z.string(), number: z.string() }).nullable(),
    reversedBy: z
      .object({ id: z.string(), bookedOn: z.string(), reason: z.string().nullable() })
      .nullable()
      .describe('The reversal that undid this movement'),
    reverses: z.string().nullable().describe('The movement this reversal undoes'),
    createdBy: z.string().nullable(),
  })
  .describe('A movement of money on an invoice: payment, write-off, credit note, reversal…');
export type TInvoiceMovement = z.infer<typeof ZInvoiceMovement>;

export const ZInvoiceCreditNote = z
  .object({
    cnid: z.string(),
    number: z.string(),
    issueDate: z.string().describe('YYYY-MM-DD'),
    totalMinor: ZMinorString,
  })
  .describe('A credit note on the invoice');

export const ZInvoiceDetail = z
  .object({
    iid: z.string(),
    number: z.string(),
    member: z
      .object({
        mid: z.string(),
        number: z.string(),
        name: z.string(),
        status: z.string(),
        email: z.string().nullable(),
        paidThroughYear: z.number().int().nullable(),
        isDeleted: z.boolean(),
      })
      .nullable(),
    kind: z.enum(invoiceKinds),
    year: z.number().int(),
    issueDate: z.string().nullable(),
    dueDate: z.string().nullable(),
    currency: z.string(),
    lines: z.array(ZInvoiceLine),
    subtotalMinor: ZMinorString.describe('The taxable lines before VAT'),
    vatMinor: ZMinorString,
    donationMinor: ZMinorString,
    totalMinor: ZMinorString,
    bankAccount: z
      .object({
        id: z.string(),
        label: z.string(),
        iban: z.string(),
        qrIban: z.string().nullable(),
        currency: z.string(),
        active: z.boolean(),
      })
      .nullable(),
    paymentReference: z.string().nullable(),
    status: z.enum(invoiceStatuses),
    isOverdue: z.boolean(),
    paidAt: z.string().nullable(),
    paidAmountMinor: ZMinorString.nullable(),
    paidMethod: z.enum(invoicePaymentMethods).nullable(),
    paidReference: z.string().nullable(),
    hasPdfFile: z.boolean().describe('A PDF was uploaded and attached (else one is generated)'),
    source: z.enum(invoiceSources),
    importBatch: z.string().nullable(),
    cardInvoiceSid: z.string().nullable(),
    certificate: z
      .object({ cid: z.string(), number: z.string(), status: z.string() })
      .nullable()
      .describe('The membership certificate this invoice paid for, when one was issued'),
    ...invoiceMoneyFields,
    movements: z
      .array(ZInvoiceMovement)
      .describe('Every movement of money on the invoice, oldest first (issue 16)'),
    creditNotes: z.array(ZInvoiceCreditNote).describe('Credit notes on the invoice, oldest first'),
    dunningLevel: z.number().int().describe('The highest dunning level sent (0: none) (issue 17)'),
    dunning: z
      .array(ZInvoiceDunningNotice)
      .describe('The dunning levels sent for it, oldest first (issue 17)'),
    actions: z.array(z.enum(invoiceActions)),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .describe('One invoice with its member, lines, totals, bank account and payment');
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

// --- Drafts ----------------------------------------------------------------------------------

/** Lines an invoice may have. */
export const maxInvoiceLines = 50;

const ZDraftFields = z.object({
  memberMid: z.string().trim().min(1, 'Choose the member').max(64),
  kind: z.enum(invoiceKinds),
  year: z.coerce
    .number()
    .int('A whole year')
    .min(2000, 'From 2000')
    .max(2100, 'Until 2100')
    .describe('The year the invoice is for (membership year)'),
  currency: z.enum(invoiceCurrencies),
  issueDate: ZIsoDay.nullable()
    .optional()
    .describe('Empty: the day it is issued (today at headquarters)'),
  dueDate: ZIsoDay.nullable().optional().describe('Empty: 30 days after the issue date'),
  bankAccountId: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .describe("Empty: the currency's default account, chosen when the invoice is issued"),
  lines: z
    .array(ZInvoiceLine)
    .min(1, 'An invoice has at least one line')
    .max(maxInvoiceLines, `At most ${maxInvoiceLines} lines`),
});

function dueNotBeforeIssue(value: { issueDate?: string | null; dueDate?: string | null }) {
  return !value.issueDate || !value.dueDate || value.dueDate >= value.issueDate;
}
const dueDateRule = { message: 'The due date cannot be before the issue date', path: ['dueDate'] };

export const ZInvoiceDraftRequest = ZDraftFields.refine(dueNotBeforeIssue, dueDateRule).describe(
  'A draft invoice: totals are always computed on the server from the lines',
);
export type TInvoiceDraftRequest = z.infer<typeof ZInvoiceDraftRequest>;

export const ZInvoiceDraftUpdate = ZDraftFields.extend({
  version: z.number().int().min(1).describe('The version the operator read'),
})
  .refine(dueNotBeforeIssue, dueDateRule)
  .describe('The whole draft as edited (only drafts are editable)');
export type TInvoiceDraftUpdate = z.infer<typeof ZInvoiceDraftUpdate>;

// --- Life cycle ------------------------------------------------------------------------------

const ZVersion = z.number().int().min(1).describe('The version the operator read');

export const ZInvoiceIssueRequest = z
  .object({
    version: ZVersion,
    sendEmail: z
      .boolean()
      .optional()
      .describe("E-mail the invoice (PDF attached) to the member's address"),
  })
  .describe('Issue a draft: number, dates, payment reference, optionally the e-mail');
export type TInvoiceIssueRequest = z.infer<typeof ZInvoiceIssueRequest>;

export const ZInvoiceMarkPaidRequest = z
  .object({
    version: ZVersion,
    paidAt: z
      .string()
      .regex(
        /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/,
        'A date (YYYY-MM-DD) or an ISO time',
      )
      .describe('The day (or moment) the money arrived'),
    amountMinor: z
      .number()
      .int('Minor units (cents)')
      .min(1, 'More than zero')
      .max(maxMinorAmount, 'Too large'),
    method: z.enum(invoicePaymentMethods),
    reference: z
      .string()
      .trim()
      .max(200, 'At most 200 characters')
      .nullable()
      .optional()
      .describe('Bank transaction, card payment or receipt'),
  })
  .describe('Record the payment of an issued invoice (rule 2 follows for membership invoices)');
export type TInvoiceMarkPaidRequest = z.infer<typeof ZInvoiceMarkPaidRequest>;

export const ZInvoiceReasonRequest = z
  .object({
    version: ZVersion,
    reason: z
      .string()
      .trim()
      .min(1, 'Give the reason')
      .max(500, 'At most 500 characters')
      .describe('Kept in the audit trail'),
  })
  .describe('Void an invoice, or write it off as uncollectible, with the reason');
export type TInvoiceReasonRequest = z.infer<typeof ZInvoiceReasonRequest>;

export const ZInvoiceActionResult = z
  .object({
    invoice: ZInvoiceDetail,
    message: z.string().describe('What happened, in a sentence'),
    memberEffects: z
      .array(z.string())
      .describe("What marking paid did to the member (rule 2), in words: 'M-000123 is now active'"),
    outcome: z
      .enum(paymentOutcomes)
      .optional()
      .describe('Mark paid: paid, partially paid (a balance left) or overpaid (surplus to credit)'),
  })
  .describe('The invoice after the action and what it caused');
export type TInvoiceActionResult = z.infer<typeof ZInvoiceActionResult>;

export const ZInvoiceSendResult = z
  .object({
    message: z.string().describe('"Invoice 2026-000123 e-mailed to x@y with its PDF."'),
  })
  .describe('Where the invoice was e-mailed');
export type TInvoiceSendResult = z.infer<typeof ZInvoiceSendResult>;

// --- Renewal run -----------------------------------------------------------------------------

/**
 * Yearly membership fees in minor units of the billing currency, for band A (full fee). Bands
 * B, C and D pay 75 %, 50 % and 25 % of it (as `firstMembershipFeeChfMinor`); honorary members
 * pay none. The demo data invoices these band-A amounts.
 */
export const membershipFeeBandAMinor: Readonly<
  Record<
    (typeof invoiceCurrencies)[number],
    Readonly<Record<'individual' | 'association' | 'group', number>>
  >
> = {
  CHF: { individual: 95_000, association: 380_000, group: 240_000 },
  EUR: { individual: 99_000, association: 395_000, group: 250_000 },
  USD: { individual: 110_000, association: 440_000, group: 275_000 },
};
export const membershipFeeBandPercent = { A: 100, B: 75, C: 50, D: 25 } as const;

/** The yearly fee of a member: billing currency, fee band of its country, category. */
export function membershipFeeMinor(
  currency: (typeof invoiceCurrencies)[number],
  band: keyof typeof membershipFeeBandPercent,
  category: 'individual' | 'association' | 'group',
): number {
  // Integer arithmetic, rounded half up to the minor unit.
  return Math.floor(
    (membershipFeeBandAMinor[currency][category] * membershipFeeBandPercent[band] + 50) / 100,
  );
}

export const ZInvoiceRenewalRequest = z
  .object({
    year: z.coerce.number().int('A whole year').min(2000, 'From 2000').max(2100, 'Until 2100'),
    sendEmails: z
      .boolean()
      .optional()
      .describe(
        "E-mail each new invoice to its member's address, with its PDF made as the e-mail leaves",
      ),
  })
  .describe("Issue the year's membership invoices to every active member who has none yet");
export type TInvoiceRenewalRequest = z.infer<typeof ZInvoiceRenewalRequest>;

export const renewalRunStatuses = ['running', 'succeeded', 'failed'] as const;

export const ZInvoiceRenewalRun = z
  .object({
    id: z.string(),
    year: z.number().int(),
    status: z.enum(renewalRunStatuses),
    total: z.number().int().describe('Active members considered'),
    processed: z.number().int().describe('Members looked at so far'),
    issued: z.number().int().describe('Invoices issued by this run'),
    sendEmails: z.boolean().describe('Whether the run e-mails the invoices it issues'),
    emailsQueued: z
      .number()
      .int()
      .describe('Invoice e-mails queued (members without an e-mail address get none)'),
    alreadyInvoiced: z
      .number()
      .int()
      .describe('Members who already had a membership invoice (not void) for the year'),
    skipped: z
      .array(z.object({ reason: z.string(), count: z.number().int() }))
      .describe('Members left out, by reason (e.g. no active bank account in their currency)'),
    totals: z
      .array(z.object({ currency: z.string(), count: z.number().int(), totalMinor: ZMinorString }))
      .describe('What the issued invoices add up to, per currency'),
    error: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    startedBy: z.string().nullable(),
  })
  .describe('A renewal run and its progress');
export type TInvoiceRenewalRun = z.infer<typeof ZInvoiceRenewalRun>;

export const ZInvoiceRenewalRunParams = z.object({ runId: z.string().min(1).max(64) });

// --- Reversing a movement of money (issue 16) -------------------------------------------------

export const ZMoneyMovementParams = z.object({
  id: z.string().min(1).max(64).describe('The movement (booking) to reverse'),
});

export const ZMoneyMovementReverseRequest = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'Give the reason')
      .max(500, 'At most 500 characters')
      .describe('Why the booking is reversed: kept on the reversal and in the audit trail'),
  })
  .describe('Reverse a booking (payment, write-off, applied credit, refund) by counter-booking');
export type TMoneyMovementReverseRequest = z.infer<typeof ZMoneyMovementReverseRequest>;

export const ZMoneyMovementReverseResult = z
  .object({
    invoice: ZInvoiceDetail.nullable().describe('The invoice after the reversal, when it had one'),
    message: z.string().describe('What happened, in a sentence'),
    bankEntryId: z
      .string()
      .nullable()
      .describe('The bank entry that went back to the Unmatched payments queue, if any'),
  })
  .describe('The invoice after the reversal and what it caused');
export type TMoneyMovementReverseResult = z.infer<typeof ZMoneyMovementReverseResult>;
