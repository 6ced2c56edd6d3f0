import { z } from 'zod';
import { invoiceCurrencies, invoiceKinds, invoiceStatuses } from './enumerations';
import { maxMinorAmount } from './money';

/**
 * Credit notes and refunds (issue 16). A credit note credits all or some lines of an issued or
 * paid invoice, with a reason, in its own gapless series `CN-{year}-000001`; a refund pays a
 * member's credit back. Crediting a paid membership invoice never undoes rule 2 silently: the
 * operator says whether the membership year stays paid ('keep') or is revoked ('revoke').
 */

/** What becomes of a paid membership year when its invoice is credited. */
export const creditNoteMembershipDecisions = ['keep', 'revoke'] as const;
export type TCreditNoteMembershipDecision = (typeof creditNoteMembershipDecisions)[number];

export const creditNoteMembershipDecisionLabels: Record<TCreditNoteMembershipDecision, string> = {
  keep: 'The year stays paid (the certificate stays valid)',
  revoke: 'The year is revoked (the certificate is revoked)',
};

/** The number series of credit notes: `CN-2026-000001`. */
export function creditNoteNumberOf(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}

const ZMinorString = z.string().describe('Minor units (an integer as a string)');
const ZIsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a calendar date');
const ZReason = z.string().trim().min(1, 'Give the reason').max(500, 'At most 500 characters');
const ZAmountMinor = z
  .number()
  .int('Minor units (cents)')
  .min(1, 'More than zero')
  .max(maxMinorAmount, 'Too large');

export const ZCreditNoteParams = z.object({
  cnid: z.string().min(1).max(64).describe('Credit note id'),
});

export const ZCreditNoteLineRequest = z
  .object({
    lineIndex: z.number().int().min(0).max(49).describe("The invoice line's position (from 0)"),
    quantity: z
      .number()
      .int('A whole number')
      .min(1, 'At least 1')
      .max(10_000)
      .optional()
      .describe('Credit this many of the line (quantity × unit price)'),
    amountMinor: ZAmountMinor.optional().describe(
      'Or credit this amount of the line, before VAT (at most what earlier credit notes left of it)',
    ),
  })
  .refine((line) => line.quantity === undefined || line.amountMinor === undefined, {
    message: 'Give a quantity or an amount, not both',
    path: ['amountMinor'],
  })
  .describe('One line to credit; with neither quantity nor amount, all that is left of it');
export type TCreditNoteLineRequest = z.infer<typeof ZCreditNoteLineRequest>;

export const ZCreditNoteIssueRequest = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The version of the invoice you read (a different one is a 409)'),
    lines: z
      .union([
        z.literal('all'),
        z.array(ZCreditNoteLineRequest).min(1, 'Choose at least one line').max(50),
      ])
      .describe('"all": everything not yet credited; else the lines to credit'),
    reason: ZReason.describe('Why the invoice is credited: printed on the credit note'),
    membershipDecision: z
      .enum(creditNoteMembershipDecisions)
      .optional()
      .describe(
        'Required when crediting a paid membership invoice: the year stays paid ("keep") or its certificate is revoked and the paid-through year moves back ("revoke")',
      ),
    sendEmail: z.boolean().optional().describe('E-mail the credit note PDF to the member'),
  })
  .describe('Credit all or some lines of an issued or paid invoice');
export type TCreditNoteIssueRequest = z.infer<typeof ZCreditNoteIssueRequest>;

export const ZCreditNoteLine = z.object({
  lineIndex: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  unitAmountMinor: z.number().int(),
  vatRate: z.number().nullable(),
  amountMinor: z.number().int().describe('Credited, before VAT'),
});
export type TCreditNoteLine = z.infer<typeof ZCreditNoteLine>;

export const ZCreditNoteDetail = z
  .object({
    cnid: z.string(),
    number: z.string().describe('CN-{year}-000001'),
    year: z.number().int(),
    issueDate: z.string().describe('YYYY-MM-DD'),
    invoice: z.object({
      iid: z.string(),
      number: z.string(),
      kind: z.enum(invoiceKinds),
      year: z.number().int(),
      status: z.enum(invoiceStatuses),
      totalMinor: ZMinorString,
      balanceMinor: ZMinorString,
    }),
    member: z
      .object({
        mid: z.string(),
        number: z.string(),
        name: z.string(),
        email: z.string().nullable(),
      })
      .nullable(),
    currency: z.string(),
    lines: z.array(ZCreditNoteLine),
    totalMinor: ZMinorString,
    settlesMinor: ZMinorString.describe("Taken off the invoice's open balance"),
    creditMinor: ZMinorString.describe("Added to the member's credit (money already paid)"),
    reason: z.string(),
    membershipDecision: z.enum(creditNoteMembershipDecisions).nullable(),
    version: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .describe('A credit note: the invoice it credits, its lines, total, reason and effect');
export type TCreditNoteDetail = z.infer<typeof ZCreditNoteDetail>;

export const ZCreditNoteResult = z
  .object({
    creditNote: ZCreditNoteDetail,
    message: z.string().describe('What happened, in a sentence'),
    memberEffects: z
      .array(z.string())
      .describe('What it did to the member: credit, a revoked certificate, the paid-through year'),
  })
  .describe('The credit note and what it caused');
export type TCreditNoteResult = z.infer<typeof ZCreditNoteResult>;

export const ZCreditNoteSendResult = z.object({
  message: z.string().describe('"Credit note CN-2026-000001 e-mailed to x@y with its PDF."'),
});
export type TCreditNoteSendResult = z.infer<typeof ZCreditNoteSendResult>;

/** Refunds recorded by hand are bank transfers; card refunds arrive by the provider's webhook. */
export const refundMethods = ['bank-transfer'] as const;

export const ZRefundRequest = z
  .object({
    currency: z.enum(invoiceCurrencies),
    amountMinor: ZAmountMinor.describe("At most the member's credit in that currency"),
    method: z.enum(refundMethods).default('bank-transfer'),
    bookedOn: ZIsoDay.describe('The day the money left'),
    reference: z
      .string()
      .trim()
      .max(200, 'At most 200 characters')
      .nullable()
      .optional()
      .describe('The bank transfer’s reference'),
    reason: ZReason.describe('Why, for the ledger and the audit trail'),
  })
  .describe("Pay a member's credit back (a bank transfer recorded by hand)");
export type TRefundRequest = z.input<typeof ZRefundRequest>;

export const ZRefundResult = z
  .object({
    movementId: z.string(),
    currency: z.string(),
    amountMinor: ZMinorString,
    creditLeftMinor: ZMinorString.describe("The member's credit in that currency afterwards"),
    message: z.string(),
  })
  .describe('The refund recorded');
export type TRefundResult = z.infer<typeof ZRefundResult>;

export const ZCreditableLine = z.object({
  lineIndex: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  unitAmountMinor: z.number().int(),
  vatRate: z.number().nullable(),
  amountMinor: z.number().int().describe("The line's amount before VAT"),
  creditedMinor: z.number().int().describe('Taken by earlier credit notes'),
  leftMinor: z.number().int().describe('What a credit note can still take'),
});
export type TCreditableLine = z.infer<typeof ZCreditableLine>;

export const ZCreditableInvoice = z
  .object({
    iid: z.string(),
    number: z.string(),
    status: z.enum(invoiceStatuses),
    kind: z.enum(invoiceKinds),
    year: z.number().int(),
    currency: z.string(),
    totalMinor: ZMinorString,
    creditedMinor: ZMinorString,
    balanceMinor: ZMinorString,
    canCredit: z.boolean().describe('Issued or paid, with something left to credit'),
    needsMembershipDecision: z.boolean().describe('A paid membership invoice'),
    memberEmail: z.string().nullable(),
    lines: z.array(ZCreditableLine),
    creditNotes: z.array(
      z.object({
        cnid: z.string(),
        number: z.string(),
        issueDate: z.string(),
        totalMinor: ZMinorString,
        reason: z.string(),
      }),
    ),
  })
  .describe("An invoice's lines with what credit notes took of each and what is left");
export type TCreditableInvoice = z.infer<typeof ZCreditableInvoice>;
