import { z } from 'zod';
import {
  computeInvoiceTotals,
  donationVatExemption,
  invoiceCurrencies,
  invoiceKinds,
  invoicePaymentMethods,
  invoiceStatuses,
  membershipVatExemption,
  type TInvoiceLine,
} from './invoices';
import { parseMajorAmount } from './money';
import {
  guessUploadMapping,
  uploadDate,
  uploadFileQuery,
  uploadFixedValueProblems,
  uploadMappingProblems,
  uploadMappingSchema,
  uploadMaxBytes,
  uploadOneOf,
  uploadRequiredText,
  uploadSchemaOf,
  uploadText,
  uploadYear,
  ZUploadResultBase,
  ZUploadValidationBase,
  type UploadMappingProblem,
} from './uploads';

/**
 * Invoice CSV upload (issue 6, `/invoices/upload`): the shared import pipeline over invoices.
 * One row is one invoice with one fee line (and an optional donation line), named by its
 * invoice number (the idempotency key) and its member's membership number. Amounts are in
 * major units with either decimal separator ("1'250.50", "1250,50", "80") and become minor
 * units by string arithmetic. An invoice already there with the same content is left as it
 * is; one that differs is updated unless it is paid (an import never rewrites a paid invoice)
 * or the change of status is not a legal move of its life cycle.
 */

/** The invoice fields a column can be mapped to, in the order the mapping step shows them. */
export const invoiceUploadFields = [
  'number',
  'memberNumber',
  'kind',
  'year',
  'issueDate',
  'dueDate',
  'currency',
  'description',
  'amount',
  'donation',
  'vatRate',
  'vatExemption',
  'status',
  'paidAt',
  'paidAmount',
  'paidMethod',
  'paidReference',
  'paymentReference',
  'bankAccount',
] as const;
export type InvoiceUploadField = (typeof invoiceUploadFields)[number];

/** Every row needs these; the other fields have defaults (see ZInvoiceUploadRow). */
export const requiredInvoiceUploadFields: readonly InvoiceUploadField[] = [
  'number',
  'memberNumber',
  'currency',
  'amount',
];

export const invoiceUploadFieldLabels: Record<InvoiceUploadField, string> = {
  number: 'Invoice number',
  memberNumber: 'Membership number',
  kind: 'Kind',
  year: 'Year',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  currency: 'Currency',
  description: 'Description',
  amount: 'Amount',
  donation: 'Donation',
  vatRate: 'VAT rate (%)',
  vatExemption: 'VAT exemption',
  status: 'Status',
  paidAt: 'Paid on',
  paidAmount: 'Paid amount',
  paidMethod: 'Payment method',
  paidReference: 'Payment’s own reference',
  paymentReference: 'Payment reference',
  bankAccount: 'Bank account',
};

/** What each field means and its default, for the mapping step and the docs. */
export const invoiceUploadFieldHelp: Record<InvoiceUploadField, string> = {
  number: 'Unique; an invoice with this number is updated, else created',
  memberNumber: 'An existing, not deleted member',
  kind: 'membership, licence, application or other; default membership',
  year: 'Default: the year of the issue date',
  issueDate: 'YYYY-MM-DD or DD.MM.YYYY; required unless draft',
  dueDate: 'On or after the issue date; optional',
  currency: 'CHF, EUR or USD',
  description: 'The line’s text; default "Membership fee {year}" for membership invoices',
  amount: 'Major units, either decimal separator: 1250.50, 1250,50, 1’250.50',
  donation: 'Optional voluntary donation, outside VAT, in major units',
  vatRate: 'Percent (8.1); empty: outside VAT with the exemption text',
  vatExemption: 'Default: the membership fee exemption',
  status: 'draft, issued, paid, void or uncollectible; default issued',
  paidAt: 'Required for paid rows (the day of payment); empty otherwise',
  paidAmount: 'Default: the invoice total',
  paidMethod: 'bank-transfer, card, cash or other; default bank-transfer',
  paidReference: 'The bank transaction or receipt, for paid rows',
  paymentReference: 'The reference the member pays with (QR reference)',
  bankAccount: 'IBAN or label of one of our accounts; default: the currency’s default account',
};

/** Header names (normalized: lower case, no accents, words split by one space) per field. */
export const invoiceUploadFieldSynonyms: Record<InvoiceUploadField, readonly string[]> = {
  number: ['invoice number', 'invoice no', 'invoice nr', 'invoice', 'invoice id', 'number', 'no'],
  memberNumber: [
    'membership number',
    'member number',
    'membership no',
    'member no',
    'member nr',
    'member id',
    'member',
  ],
  kind: ['kind', 'invoice kind', 'type', 'invoice type'],
  year: ['year', 'fee year', 'invoice year', 'membership year'],
  issueDate: ['issue date', 'issued on', 'invoice date', 'issued', 'date'],
  dueDate: ['due date', 'due', 'due on', 'payable by'],
  currency: ['currency', 'ccy', 'cur'],
  description: ['description', 'text', 'line', 'item', 'designation'],
  amount: ['amount', 'fee', 'net amount', 'price', 'amount due', 'total'],
  donation: ['donation', 'donation amount', 'voluntary donation', 'gift'],
  vatRate: ['vat rate', 'vat', 'vat percent', 'tax rate', 'mwst', 'tva'],
  vatExemption: ['vat exemption', 'exemption', 'vat note', 'tax exemption'],
  status: ['status', 'invoice status', 'state'],
  paidAt: ['paid at', 'paid on', 'payment date', 'paid date', 'date paid'],
  paidAmount: ['paid amount', 'amount paid', 'payment amount'],
  paidMethod: ['paid method', 'payment method', 'method', 'paid by', 'paid via'],
  paidReference: ['paid reference', 'transaction', 'transaction id', 'receipt', 'bank reference'],
  paymentReference: ['payment reference', 'reference', 'qr reference', 'ref'],
  bankAccount: ['bank account', 'account', 'iban', 'bank'],
};

export const ZInvoiceUploadMapping = uploadMappingSchema(invoiceUploadFields).describe(
  'Invoice field → index of the file column it is read from (unmapped fields absent)',
);
export type TInvoiceUploadMapping = z.infer<typeof ZInvoiceUploadMapping>;

export function guessInvoiceUploadMapping(header: readonly string[]): TInvoiceUploadMapping {
  return guessUploadMapping(invoiceUploadFields, invoiceUploadFieldSynonyms, header);
}

export function invoiceUploadMappingProblems(
  mapping: TInvoiceUploadMapping,
  columnCount: number,
): UploadMappingProblem<InvoiceUploadField>[] {
  return [
    ...uploadMappingProblems(
      invoiceUploadFields,
      requiredInvoiceUploadFields,
      invoiceUploadFieldLabels,
      mapping,
      columnCount,
    ),
    // Read when called, after the module defined the row schema below.
    ...uploadFixedValueProblems(
      invoiceUploadFields,
      ZInvoiceUploadRow.in.shape,
      invoiceUploadFieldLabels,
      mapping,
    ),
  ];
}

// ---- One row ------------------------------------------------------------------------------

/** A major-unit amount cell, as minor units (exact, see parseMajorAmount); empty as null. */
const amountCell = (label: string) =>
  uploadText(label, 40).transform((value, context) => {
    if (value === null) return null;
    const parsed = parseMajorAmount(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: `${label}: ${parsed.message}` });
      return z.NEVER;
    }
    return parsed.minor;
  });

/** "8.1", "8,1", "8.1 %" → 8.1; empty as null. Percent with at most two decimals. */
const vatRateCell = uploadText('VAT rate', 20).transform((value, context) => {
  if (value === null) return null;
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(value);
  const rate = match ? Number(`${match[1]}.${match[2] ?? '0'}`) : NaN;
  if (!(rate >= 0 && rate <= 100)) {
    context.addIssue({
      code: 'custom',
      message: `VAT rate "${value}" is not a percentage (e.g. 8.1)`,
    });
    return z.NEVER;
  }
  return rate;
});

const optionalOneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(uploadOneOf(label, values).nullable());

/**
 * One row of an invoice upload: the cells of the mapped columns in, the invoice out (one fee
 * line, the optional donation line, the totals by computeInvoiceTotals). The member and bank
 * account are looked up by the server.
 */
export const ZInvoiceUploadRow = z
  .object({
    number: uploadRequiredText('Invoice number', 40).regex(
      /^[\p{L}\p{N}][\p{L}\p{N}./_ -]*$/u,
      'Invoice number may hold letters, digits, "-", "_", "/", "." and spaces only',
    ),
    memberNumber: uploadRequiredText('Membership number', 40),
    kind: optionalOneOf('Kind', invoiceKinds).optional(),
    year: uploadYear('Year').optional(),
    issueDate: uploadDate('Issue date').optional(),
    dueDate: uploadDate('Due date').optional(),
    currency: uploadRequiredText('Currency', 10)
      .transform((value) => value.toUpperCase())
      .refine((value) => (invoiceCurrencies as readonly string[]).includes(value), {
        error: (issue) =>
          `Currency "${String(issue.input)}" is not one of ${invoiceCurrencies.join(', ')}`,
      }),
    description: uploadText('Description', 200).optional(),
    amount: amountCell('Amount'),
    donation: amountCell('Donation').optional(),
    vatRate: vatRateCell.optional(),
    vatExemption: uploadText('VAT exemption', 200).optional(),
    status: optionalOneOf('Status', invoiceStatuses).optional(),
    paidAt: uploadDate('Paid on').optional(),
    paidAmount: amountCell('Paid amount').optional(),
    paidMethod: optionalOneOf('Payment method', invoicePaymentMethods).optional(),
    paidReference: uploadText('Payment’s own reference', 100).optional(),
    paymentReference: uploadText('Payment reference', 60).optional(),
    bankAccount: uploadText('Bank account', 100).optional(),
  })
  .transform((row, context) => {
    const fail = (path: InvoiceUploadField, message: string) => {
      context.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    const kind = row.kind ?? 'membership';
    const status = row.status ?? 'issued';
    if (row.amount === null) return fail('amount', 'Amount is required');
    const issueDate = row.issueDate ?? null;
    if (issueDate === null && status !== 'draft') {
      return fail('issueDate', `Issue date is required for a ${status} invoice`);
    }
    const year = row.year ?? (issueDate ? Number(issueDate.slice(0, 4)) : null);
    if (year === null) return fail('year', 'Year is required when there is no issue date');
    const dueDate = row.dueDate ?? null;
    if (dueDate !== null && issueDate !== null && dueDate < issueDate) {
      return fail('dueDate', `Due date ${dueDate} is before the issue date ${issueDate}`);
    }
    const description =
      row.description ?? (kind === 'membership' ? `Membership fee ${year}` : null);
    if (description === null) {
      return fail('description', `Description is required for a ${kind} invoice`);
    }
    const vatRate = row.vatRate ?? null;
    const lines: TInvoiceLine[] = [
      {
        description,
        quantity: 1,
        unitAmountMinor: row.amount,
        vatRate,
        vatExemption: vatRate === null ? (row.vatExemption ?? membershipVatExemption) : null,
      },
    ];
    if (row.donation) {
      lines.push({
        description: 'Voluntary donation',
        quantity: 1,
        unitAmountMinor: row.donation,
        vatRate: null,
        vatExemption: donationVatExemption,
        isDonation: true,
      });
    }
    const totals = computeInvoiceTotals(lines);
    const isPaid = status === 'paid';
    const paidAt = row.paidAt ?? null;
    if (isPaid && paidAt === null) return fail('paidAt', 'Paid on is required for a paid invoice');
    if (!isPaid) {
      const stray = (
        [
          ['paidAt', row.paidAt],
          ['paidAmount', row.paidAmount],
          ['paidMethod', row.paidMethod],
          ['paidReference', row.paidReference],
        ] as const
      ).find(([, value]) => value !== null && value !== undefined);
      if (stray) {
        return fail(
          stray[0],
          `${invoiceUploadFieldLabels[stray[0]]} is set but the status is ${status}, not paid`,
        );
      }
    }
    const paidAmountMinor = isPaid ? (row.paidAmount ?? totals.totalMinor) : null;
    if (paidAmountMinor !== null && paidAmountMinor <= 0) {
      return fail('paidAmount', 'Paid amount must be more than zero');
    }
    return {
      number: row.number,
      memberNumber: row.memberNumber,
      kind,
      year,
      issueDate,
      dueDate,
      currency: row.currency as (typeof invoiceCurrencies)[number],
      lines,
      ...totals,
      status,
      paidOn: paidAt,
      paidAmountMinor,
      paidMethod: isPaid ? (row.paidMethod ?? 'bank-transfer') : null,
      paidReference: isPaid ? (row.paidReference ?? null) : null,
      paymentReference: row.paymentReference ?? null,
      bankAccount: row.bankAccount ?? null,
    };
  })
  .describe('The cells of one row, by invoice field');
export type TInvoiceUploadRowInput = z.input<typeof ZInvoiceUploadRow>;
export type TInvoiceUploadRow = z.output<typeof ZInvoiceUploadRow>;

// ---- API ----------------------------------------------------------------------------------

export const invoiceUploadMaxBytes = uploadMaxBytes;
export const ZInvoiceUploadQuery = uploadFileQuery('invoices.csv');

export const ZInvoiceUploadValidation = ZUploadValidationBase.extend({
  toMarkPaid: z
    .number()
    .int()
    .describe('Valid rows that record a payment (new paid invoices, issued ones now paid)'),
}).describe('What validation found, and what a commit would do now');

export const ZInvoiceUploadResult = ZUploadResultBase.extend({
  refused: z
    .number()
    .int()
    .describe('Rows whose invoice was paid or moved on since validation: left as they are'),
  paid: z.number().int().describe('Invoices this commit recorded as paid'),
  membersUpdated: z
    .number()
    .int()
    .describe('Members made active or paid through a later year by those payments (rule 2)'),
  certificatesIssued: z
    .number()
    .int()
    .nullable()
    .describe('Membership certificates issued after the commit (null while that runs)'),
  followedUpAt: z
    .string()
    .nullable()
    .describe(
      'When the search index and the certificates had caught up with the commit (null while they do)',
    ),
}).describe('What the commit did');

export const ZInvoiceUpload = uploadSchemaOf({
  noun: 'invoice',
  mapping: ZInvoiceUploadMapping,
  validation: ZInvoiceUploadValidation,
  result: ZInvoiceUploadResult,
});
export type TInvoiceUpload = z.infer<typeof ZInvoiceUpload>;

export const ZInvoiceUploadValidateBody = z.object({ mapping: ZInvoiceUploadMapping });
