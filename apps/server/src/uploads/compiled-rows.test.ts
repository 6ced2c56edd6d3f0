import { ZInvoiceUploadRow, ZMemberUploadRow } from '@ops/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { compiledRowSchema } from './rows';

/** What a parse answers, in the terms an upload uses: the row, or each issue's field and words. */
function outcome(result: z.ZodSafeParseResult<unknown>) {
  return result.success
    ? { data: result.data }
    : {
        issues: result.error.issues.map((issue) => ({
          code: issue.code,
          path: issue.path,
          message: issue.message,
        })),
      };
}

/** The base row, then each variant: one or more cells changed. */
function corpus(base: Record<string, string>, variants: Record<string, string | undefined>[]) {
  return [base, ...variants.map((variant) => ({ ...base, ...variant }))];
}

const invoiceRows = corpus(
  {
    number: 'IMP-0000001',
    memberNumber: 'M-100',
    kind: 'membership',
    year: '2024',
    issueDate: '2024-01-10',
    dueDate: '2024-02-10',
    currency: 'CHF',
    description: 'Membership fee 2024',
    amount: "1'250,50",
    donation: '',
    vatRate: '',
    status: 'issued',
    paidAt: '',
    paidAmount: '',
    paidMethod: '',
    paidReference: '',
    paymentReference: 'RF18000000001',
    bankAccount: '',
  },
  [
    { status: 'paid', paidAt: '12.02.2024', paidMethod: 'Card', paidAmount: '1250.50' },
    { status: 'paid', paidAt: '' },
    { status: 'PAID', paidAt: '2024-02-30' },
    { status: 'issued', paidReference: 'X-1' },
    { status: 'draft', issueDate: '', year: '' },
    { status: 'cancelled' },
    { kind: 'licence', description: '', vatRate: '8,1' },
    { kind: 'training' },
    { amount: '1,250' },
    { amount: '' },
    { amount: '-5' },
    { amount: '0.10', donation: '0,20' },
    { vatRate: '8.1 %' },
    { vatRate: '120' },
    { currency: 'eur' },
    { currency: 'XYZ', amount: 'x' },
    { number: '', memberNumber: '' },
    { number: '#12' },
    { number: undefined, currency: undefined },
    { dueDate: '2023-12-31' },
    { year: '1850' },
    { issueDate: '' },
    { paymentReference: 'R'.repeat(61) },
    { paidAmount: '0', status: 'paid', paidAt: '2024-02-01' },
  ],
);

const memberRows = corpus(
  {
    number: 'M-100',
    legalName: 'Alpine Forwarding AG',
    category: 'Association',
    status: 'active',
    tradeName: '',
    country: 'Switzerland',
    addressLine1: 'Bahnhofstrasse 1',
    addressLine2: '',
    postalCode: '8001',
    city: 'Zürich',
    state: '',
    vatNumber: 'CHE-123.456.789',
    website: 'alpine.example',
    email: 'Info@Alpine.example',
    phone: '+41 44 000 00 00',
    joinedOn: '01.02.2010',
    paidThroughYear: '2024',
    billingCurrency: 'chf',
    directoryVisible: 'yes',
  },
  [
    { status: 'pending payment' },
    { status: 'gone' },
    { category: '' },
    { category: 'Full member' },
    { status: 'Pending_Payment', joinedOn: '', email: '' },
    { legalName: '' },
    { email: 'not-an-address' },
    { website: 'no dots' },
    { joinedOn: '2010-02-30' },
    { paidThroughYear: '20' },
    { directoryVisible: 'maybe' },
    { billingCurrency: 'GBP' },
    { number: '', legalName: undefined },
    { tradeName: 'T'.repeat(201) },
  ],
);

describe('row schemas compiled ahead of time', () => {
  it.each([
    ['invoice', ZInvoiceUploadRow, invoiceRows],
    ['member', ZMemberUploadRow, memberRows],
  ] as const)('answer every %s row exactly as the runtime schema', (_noun, schema, rows) => {
    const compiled = compiledRowSchema(schema as z.ZodType);
    let invalid = 0;
    for (const row of rows) {
      const expected = outcome(schema.safeParse(row));
      if ('issues' in expected) invalid++;
      expect(outcome(compiled.safeParse(row)), JSON.stringify(row)).toEqual(expected);
    }
    // The corpus exercises both answers.
    expect(invalid).toBeGreaterThan(5);
    expect(rows.length - invalid).toBeGreaterThan(2);
  });
});
