import { z } from 'zod';

/** Application statuses that wait for the federation's staff to act. */
export const applicationStatusesAwaitingReview = ['submitted', 'endorsed', 'under-review'] as const;

export const ZHomeOverview = z
  .object({
    applicationsAwaitingReview: z
      .number()
      .int()
      .describe('Applications submitted, endorsed or under review'),
    overdueInvoices: z.number().int().describe('Issued invoices past their due date'),
    failedEmails: z.number().int().describe('E-mails whose delivery failed for good'),
    asOf: z.string().describe('When the counts were taken (ISO time)'),
  })
  .describe("The operators' start page: what needs action today");
export type THomeOverview = z.infer<typeof ZHomeOverview>;
