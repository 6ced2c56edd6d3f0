import { z } from 'zod';

/**
 * The renewal run's preview (issue 17): what the run for a year would issue now, computed with
 * the run's own selection and prices, without writing anything.
 */

export const ZInvoiceRenewalPreviewQuery = z.object({
  year: z.coerce.number().int('A whole year').min(2000, 'From 2000').max(2100, 'Until 2100'),
});
export type TInvoiceRenewalPreviewQuery = z.infer<typeof ZInvoiceRenewalPreviewQuery>;

/** How many members the preview lists by name. */
export const renewalPreviewMemberLimit = 100;

export const ZInvoiceRenewalPreview = z
  .object({
    year: z.number().int(),
    candidates: z.number().int().describe('Active members the run looks at'),
    alreadyInvoiced: z.number().int().describe('Of those, members with an invoice for the year'),
    toIssue: z.number().int().describe('Invoices the run would issue'),
    withoutEmail: z.number().int().describe('Of those, members without an e-mail address'),
    totals: z
      .array(
        z.object({
          currency: z.string(),
          count: z.number().int(),
          totalMinor: z.string().describe('Minor units'),
        }),
      )
      .describe('Invoices and their total per currency'),
    skipped: z
      .array(z.object({ reason: z.string(), count: z.number().int() }))
      .describe('Members left out, by reason'),
    members: z
      .array(
        z.object({
          mid: z.string(),
          number: z.string(),
          legalName: z.string(),
          email: z.string().nullable(),
          currency: z.string(),
          feeMinor: z.string(),
        }),
      )
      .describe(`The first ${renewalPreviewMemberLimit} invoices, in membership id order`),
    schedule: z
      .object({
        nextRunAt: z.string().describe('ISO time'),
        paused: z.boolean(),
        cron: z.string(),
        description: z.string(),
        timeZone: z.string(),
      })
      .nullable()
      .describe('When the renewal schedule runs next (null before the job runner first started)'),
  })
  .describe('What the renewal run for a year would issue now');
export type TInvoiceRenewalPreview = z.infer<typeof ZInvoiceRenewalPreview>;
