import { z } from 'zod';

/**
 * The member's ledger and statement of account (issue 16). Every invoice, payment, write-off,
 * credit note, applied credit, refund and reversal of a member in date order, per currency, with
 * a running balance: what the member owes (negative: the member is in credit). The running
 * balance is the sum of the lines' movements, and at the end equals the open balance of the
 * member's invoices less the member's credit.
 */

/** What a ledger line records. */
export const ledgerLineKinds = [
  'invoice',
  'invoice-voided',
  'invoice-uncollectible',
  'payment',
  'write-off',
  'credit-note',
  'credit-applied',
  'refund',
  'reversal',
] as const;
export type TLedgerLineKind = (typeof ledgerLineKinds)[number];

/** The record a line's document links to. */
export const ledgerLinkTypes = ['invoice', 'credit-note', 'bank-entry'] as const;
export type TLedgerLinkType = (typeof ledgerLinkTypes)[number];

const ZMinorString = z.string().describe('Minor units (an integer as a string)');
const ZCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'An ISO 4217 code such as CHF');
const ZIsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, 'Not a calendar date');

export const ZLedgerParams = z.object({
  mid: z.string().min(1).max(40).describe('Member id'),
});

export const ZLedgerQuery = z.object({
  currency: ZCurrency.optional().describe('Only this currency (all of the member’s by default)'),
});
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

export const ZLedgerLine = z.object({
  date: z.string().describe('YYYY-MM-DD: the issue date of an invoice, the booking day of money'),
  kind: z.enum(ledgerLineKinds),
  description: z.string().describe('What happened, in words'),
  documentNumber: z
    .string()
    .nullable()
    .describe('The invoice or credit note number the line belongs to'),
  link: z
    .object({ type: z.enum(ledgerLinkTypes), id: z.string() })
    .nullable()
    .describe('The record the document number opens'),
  debitMinor: ZMinorString.describe('What the line adds to what the member owes'),
  creditMinor: ZMinorString.describe('What the line takes off what the member owes'),
  balanceMinor: ZMinorString.describe('What the member owes after this line (negative: in credit)'),
  amountMinor: ZMinorString.describe(
    'The amount of money the line moved (also for a line that changes no balance: applied credit)',
  ),
  movementId: z.string().nullable().describe('The money movement of the line, if it is one'),
});
export type TLedgerLine = z.infer<typeof ZLedgerLine>;

export const ZLedgerCurrency = z.object({
  currency: z.string(),
  openBalanceMinor: ZMinorString.describe('What the member’s open invoices still ask for'),
  creditMinor: ZMinorString.describe(
    'The member’s credit: applied to the next invoice or refunded',
  ),
  balanceMinor: ZMinorString.describe(
    'The running balance after the last line: open balance less credit',
  ),
  lines: z.array(ZLedgerLine).describe('Oldest first'),
});
export type TLedgerCurrency = z.infer<typeof ZLedgerCurrency>;

export const ZMemberLedger = z
  .object({
    mid: z.string(),
    currencies: z.array(ZLedgerCurrency).describe('One per currency the member has dealt in'),
  })
  .describe('The member’s ledger: every movement per currency with its running balance');
export type TMemberLedger = z.infer<typeof ZMemberLedger>;

/** A statement's range: both days included. */
export const ZStatementRange = z.object({
  from: ZIsoDay.describe(
    'First day of the statement (YYYY-MM-DD); its opening balance is of the day before',
  ),
  to: ZIsoDay.describe('Last day of the statement (YYYY-MM-DD), at most today'),
});

export const ZStatementQuery = ZStatementRange.extend({
  currency: ZCurrency.optional().describe('Only this currency (all of the member’s by default)'),
  download: z.enum(['1']).optional().describe('1: served as an attachment rather than inline'),
});
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

export const ZStatementSendRequest = ZStatementRange.extend({
  currency: ZCurrency.optional().describe('Only this currency (all of the member’s by default)'),
}).describe('E-mail the statement of account for the range to the member');
export type TStatementSendRequest = z.infer<typeof ZStatementSendRequest>;

export const ZStatementSendResult = z.object({
  eid: z.string().describe('The queued e-mail'),
  message: z.string(),
});
export type TStatementSendResult = z.infer<typeof ZStatementSendResult>;

/** The member's money on its detail: per currency, open invoices and credit. */
export const ZMemberOpenBalance = z.object({
  currency: z.string(),
  balanceMinor: ZMinorString.describe('What the member’s open invoices still ask for'),
  creditMinor: ZMinorString.describe('The member’s credit in that currency'),
});
export type TMemberOpenBalance = z.infer<typeof ZMemberOpenBalance>;
