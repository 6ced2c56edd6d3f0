import { z } from 'zod';
import { firstYearRules } from './first-year-billing';

export const ZMembershipBillingSettings = z
  .object({
    firstYearRule: z
      .enum(firstYearRules)
      .describe(
        'How an approved member is billed for its first year: full-year (the whole current year), next-year-from-cutoff (approved from the cut-off month: next year in full), pro-rata-by-month (the months left, counting the approval month)',
      ),
    cutoffMonth: z
      .number()
      .int()
      .describe('1–12: from the 1st of this month, next-year-from-cutoff bills the next year'),
    version: z.number().int(),
    updatedAt: z.string().describe('ISO time'),
    updatedBy: z.string().nullable().describe('E-mail of the operator who last changed it'),
  })
  .describe("The federation's rules for billing new members");
export type TMembershipBillingSettings = z.infer<typeof ZMembershipBillingSettings>;

export const ZMembershipBillingUpdate = z
  .object({
    firstYearRule: z.enum(firstYearRules, { error: 'Choose one of the first-year rules' }),
    cutoffMonth: z
      .number({ error: 'Enter a month from 1 to 12' })
      .int('A month from 1 to 12')
      .min(1, 'A month from 1 to 12')
      .max(12, 'A month from 1 to 12'),
    version: z.number().int().min(1).describe('The version the operator read'),
  })
  .describe('Change how new members are billed for their first year');
export type TMembershipBillingUpdate = z.infer<typeof ZMembershipBillingUpdate>;

export const ZMembershipBillingResult = z
  .object({ settings: ZMembershipBillingSettings, message: z.string() })
  .describe('The saved settings, and what changes in words');
export type TMembershipBillingResult = z.infer<typeof ZMembershipBillingResult>;

export const ZFirstInvoicePlan = z
  .object({
    year: z.number().int().describe('The membership year the first invoice is for'),
    months: z.number().int().describe('Months of that year billed (12 unless pro rata)'),
    fullFeeMinor: z
      .number()
      .int()
      .describe("The year's full fee for the member's band and category"),
    feeMinor: z.number().int().describe('What the first invoice bills'),
    currency: z.literal('CHF'),
    issueDate: z.string().describe('Today at headquarters (YYYY-MM-DD)'),
    dueDate: z.string().describe('YYYY-MM-DD'),
    rule: z.enum(firstYearRules),
    reason: z.string().describe('Why this year and amount, in a sentence'),
  })
  .describe('What approving the application today would bill');
export type TFirstInvoicePlan = z.infer<typeof ZFirstInvoicePlan>;
