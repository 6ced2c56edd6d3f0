import { z } from 'zod';

// What each count counts, and where its card leads, is declared zod-free in
// `home-definitions.ts` (the browser reads it there).
export { applicationStatusesAwaitingReview } from './home-definitions';

export const ZHomeOverview = z
  .object({
    applicationsAwaitingReview: z
      .number()
      .int()
      .describe('Applications submitted, endorsed or under review'),
    overdueInvoices: z.number().int().describe('Issued invoices past their due date'),
    failedEmails: z.number().int().describe('E-mails whose delivery failed for good'),
    // Issue 18: the day's dashboard.
    suggestedBankPayments: z
      .number()
      .int()
      .describe('Bank payments with a suggested invoice, waiting for an operator to confirm'),
    unmatchedBankPayments: z
      .number()
      .int()
      .describe('Bank payments no rule could book, waiting to be assigned or set aside'),
    // Issue 35: what members asked from the portal, waiting for staff.
    pendingChangeRequests: z
      .number()
      .int()
      .describe('Company-data change requests from the member portal, waiting for staff'),
    pendingCloseRequests: z
      .number()
      .int()
      .describe('Requests to close an account from the member portal, waiting for staff'),
    dunningLevels: z
      .array(
        z.object({
          level: z.number().int().min(1).max(4),
          name: z.string().describe("The level's name in the dunning settings"),
          invoices: z.number().int().describe('Issued invoices whose highest level sent is this'),
        }),
      )
      .describe('One count per enabled dunning level, in level order'),
    suspension: z
      .object({
        level: z.number().int().min(1).max(4).describe('The level that suspends'),
        name: z.string(),
        dueOnOrBefore: z
          .string()
          .describe(
            "YYYY-MM-DD: an invoice due on or before this day has reached the suspending level's days (today at headquarters minus its days after due)",
          ),
        members: z
          .number()
          .int()
          .describe(
            'Members due for suspension: not suspended or ended, not honorary, not exempt from dunning, with an issued invoice with a balance due on or before that day',
          ),
      })
      .nullable()
      .describe('Null when no enabled dunning level suspends'),
    asOf: z.string().describe('When the counts were taken (ISO time)'),
  })
  .describe("The operators' start page: what needs action today");
export type THomeOverview = z.infer<typeof ZHomeOverview>;
