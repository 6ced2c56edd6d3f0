import { z } from 'zod';
import { bankEntryStates, bankMatchRules, paymentOutcomes } from './enumerations';
import { listSortFields } from './list-definition';
import { listItemFields, listPageOf, listQuerySchema, ZListQuery } from './lists';
import { bankEntriesList } from './lists/bank-entries';
import { bankStatementsList } from './lists/bank-statements';

// --- Bank statements and their entries (issue 16): lists, details and the operator's actions ---

/** The columns the bank statements list can be sorted by. */
export const bankStatementListSorts = listSortFields(bankStatementsList);
/** The columns the bank entries list (and the Unmatched payments queue) can be sorted by. */
export const bankEntryListSorts = listSortFields(bankEntriesList);

const ZVersion = z.number().int().min(1).describe('The version you read (optimistic concurrency)');

export const ZBankStatementListItem = z
  .object({
    bsid: z.string(),
    bankAccount: z
      .object({ id: z.string(), label: z.string() })
      .describe('Our bank account the statement is for'),
    // The fields its columns declare (lists/bank-statements.ts).
    ...listItemFields(bankStatementsList),
    suggested: z.number().int().describe('Entries matched by a rule that an operator confirms'),
    unmatched: z.number().int().describe('Entries no rule matched: the queue'),
    messageVersion: z.string().describe('The ISO 20022 version, e.g. 001.08'),
    version: z.number().int(),
  })
  .describe('A row of the bank statements list: an imported statement and what became of it');
export type TBankStatementListItem = z.infer<typeof ZBankStatementListItem>;

export const ZBankStatementsListQuery = listQuerySchema(bankStatementsList, {
  q: ZListQuery.shape.q.describe("Any part of the bank's statement id, the IBAN or the file name"),
});
export type TBankStatementsListQuery = z.infer<typeof ZBankStatementsListQuery>;

export const ZBankStatementsListPage = listPageOf(ZBankStatementListItem).describe(
  'A page of bank statements',
);
export type TBankStatementsListPage = z.infer<typeof ZBankStatementsListPage>;

export const ZBankStatementParams = z.object({ bsid: z.string().min(1).max(64) });

export const ZBankStatementDetail = ZBankStatementListItem.extend({
  bankAccount: z
    .object({
      id: z.string(),
      label: z.string(),
      bankName: z.string(),
      iban: z.string(),
      qrIban: z.string().nullable(),
      currency: z.string(),
    })
    .describe('Our bank account the statement is for'),
  messageId: z.string().describe("The file's message id (GrpHdr/MsgId)"),
  fileName: z.string().nullable(),
  createdAtBank: z.string().nullable().describe('When the bank created the file (ISO 8601)'),
  credits: z.number().int(),
  debits: z.number().int().describe('Debit entries: listed, never booked'),
  ignored: z.number().int().describe('Entries marked "not a member payment"'),
  importedBy: z.string().nullable().describe('Who imported the file (e-mail), or the CLI'),
  updatedAt: z.string(),
}).describe('One imported bank statement with its counts (its entries: GET /api/bank-entries)');
export type TBankStatementDetail = z.infer<typeof ZBankStatementDetail>;

export const ZBankEntryInvoice = z
  .object({
    iid: z.string(),
    number: z.string(),
    status: z.string(),
    currency: z.string(),
    balanceMinor: z.number().int().describe('What is still open on it, minor units'),
    memberMid: z.string().nullable(),
    memberName: z.string().nullable(),
  })
  .describe('The invoice it was booked to (or suggested for)');

export const ZBankEntryListItem = z
  .object({
    beid: z.string(),
    statementBsid: z.string(),
    entryPosition: z.number().int().describe("The entry's place in its statement (from 1)"),
    transactionPosition: z.number().int().describe("The transaction's place in its entry (from 1)"),
    direction: z.enum(['credit', 'debit']),
    amountMinor: z.number().int().describe('Minor units of currency'),
    currency: z.string(),
    bookingDate: z.string().nullable().describe('YYYY-MM-DD'),
    valueDate: z.string().nullable().describe('YYYY-MM-DD'),
    payerName: z.string().nullable(),
    payerIban: z.string().nullable(),
    structuredReference: z.string().nullable().describe('QR reference or RF creditor reference'),
    unstructuredText: z.string().nullable().describe('The payment text'),
    accountServicerReference: z.string().nullable().describe("The bank's reference"),
    endToEndId: z.string().nullable(),
    state: z.enum(bankEntryStates),
    outcome: z.enum(paymentOutcomes).nullable().describe('What the booking did to its invoice'),
    matchRule: z.enum(bankMatchRules).nullable(),
    matchReason: z.string().nullable().describe('Why it was booked or suggested, in words'),
    unmatchedReason: z.string().nullable().describe('Why no rule booked it, in words'),
    ignoredReason: z.string().nullable().describe('Why it is not a member payment'),
    invoice: ZBankEntryInvoice.nullable(),
    duplicateOf: z.string().nullable().describe('The entry first seen with the same identity'),
    isBatch: z.boolean().describe('A detail of a batch booking (one entry, many transactions)'),
    version: z.number().int(),
    // The list's declared item fields (none yet: every field is written above).
    ...listItemFields(bankEntriesList),
  })
  .describe('A transaction of an imported bank statement and what became of it');
export type TBankEntryListItem = z.infer<typeof ZBankEntryListItem>;

export const ZBankEntriesListQuery = listQuerySchema(bankEntriesList, {
  q: ZListQuery.shape.q.describe(
    "Any part of the payer's name or IBAN, the reference, the payment text or the bank's reference",
  ),
});
export type TBankEntriesListQuery = z.infer<typeof ZBankEntriesListQuery>;

export const ZBankEntriesListPage =
  listPageOf(ZBankEntryListItem).describe('A page of bank entries');
export type TBankEntriesListPage = z.infer<typeof ZBankEntriesListPage>;

export const ZBankEntryParams = z.object({ beid: z.string().min(1).max(64) });

export const ZBankEntryDetail = ZBankEntryListItem.extend({
  statement: z
    .object({
      bsid: z.string(),
      statementId: z.string(),
      kind: z.string(),
      accountLabel: z.string(),
      accountIban: z.string(),
    })
    .describe('The statement that reported it'),
  batchReference: z.string().nullable().describe("The batch booking's own reference"),
  movement: z
    .object({
      id: z.string(),
      amountMinor: z.number().int(),
      settlesMinor: z.number().int().describe('Taken off the invoice balance'),
      creditMinor: z.number().int().describe("Added to the member's credit"),
      bookedOn: z.string(),
      invoiceNumber: z.string().nullable(),
      reversed: z.boolean().describe('The booking was reversed (the entry went back to the queue)'),
    })
    .nullable()
    .describe('Its booking: the current one, else the last one reversed; null if never booked'),
  updatedAt: z.string(),
}).describe('One bank entry with its booking');
export type TBankEntryDetail = z.infer<typeof ZBankEntryDetail>;

/** The operator's reason for ignoring or reversing (kept in the audit entry and on the entry). */
const ZActionReason = z
  .string()
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500, 'At most 500 characters');

export const ZConfirmBankEntryRequest = z
  .object({ version: ZVersion })
  .describe('Book a suggested entry to its suggested invoice');
export type TConfirmBankEntryRequest = z.infer<typeof ZConfirmBankEntryRequest>;

export const ZAssignBankEntryRequest = z
  .object({
    iid: z.string().trim().min(1, 'Choose an invoice').max(64).describe('The invoice it pays'),
    version: ZVersion,
  })
  .describe('Book an unmatched (or suggested) entry to an invoice an operator chose');
export type TAssignBankEntryRequest = z.infer<typeof ZAssignBankEntryRequest>;

export const ZIgnoreBankEntryRequest = z
  .object({ reason: ZActionReason, version: ZVersion })
  .describe('Mark an entry "not a member payment"');
export type TIgnoreBankEntryRequest = z.infer<typeof ZIgnoreBankEntryRequest>;

export const ZReverseBankEntryRequest = z
  .object({ reason: ZActionReason, version: ZVersion })
  .describe(
    'Reverse the booking of an entry (or take an ignored one back): it returns to the queue',
  );
export type TReverseBankEntryRequest = z.infer<typeof ZReverseBankEntryRequest>;

export const ZBankEntryActionResult = z
  .object({
    entry: ZBankEntryDetail,
    message: z.string().describe('What happened, in a sentence'),
    memberEffects: z
      .array(z.string())
      .describe('What the booking did to the member (rule 2), in words'),
  })
  .describe('The entry after the action and what it caused');
export type TBankEntryActionResult = z.infer<typeof ZBankEntryActionResult>;

export const ZConfirmSuggestionsRequest = z
  .object({
    version: ZVersion.optional().describe(
      'The statement version you read; when given, a statement changed since is a 409',
    ),
  })
  .describe('Book every suggested entry of a statement');
export type TConfirmSuggestionsRequest = z.infer<typeof ZConfirmSuggestionsRequest>;

export const ZConfirmSuggestionsResult = z
  .object({
    confirmed: z.number().int().describe('Suggestions booked'),
    skipped: z
      .array(z.object({ beid: z.string(), reason: z.string() }))
      .describe('Suggestions left in the queue, each with why (e.g. the invoice was voided)'),
    memberEffects: z.array(z.string()),
    message: z.string(),
  })
  .describe('What confirming the suggestions of a statement did');
export type TConfirmSuggestionsResult = z.infer<typeof ZConfirmSuggestionsResult>;
