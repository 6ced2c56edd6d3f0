import { z } from 'zod';

import { invoiceCurrencies } from './enumerations';

/**
 * Dunning (issue 17): reminders that chase issued invoices with an open balance, level by level
 * (reminder 1 at due + 10 days, reminder 2 at + 30 with the PDF, final notice at + 60,
 * suspension at + 90), skipping whom it should not chase, each level recorded once per invoice
 * (the unique notice) whatever the number of runs.
 */

/** The e-mail template of each level (the templates area renders them in the member's language). */
export const dunningTemplateKinds = [
  'dunning-reminder-1',
  'dunning-reminder-2',
  'dunning-final-notice',
  'dunning-suspension',
] as const;
export type TDunningTemplateKind = (typeof dunningTemplateKinds)[number];

/** The four levels, in order; the last one suspends the member. */
export const dunningLevelNumbers = [1, 2, 3, 4] as const;
export const dunningSuspensionLevel = 4;

/** Why an invoice that is due for a level is not chased (counted in the preview and the report). */
export const dunningSkipReasons = [
  'honorary',
  'exempt',
  'recent-payment',
  'unmatched-payment',
  'below-minimum',
] as const;
export type TDunningSkipReason = (typeof dunningSkipReasons)[number];
export const dunningSkipReasonLabels: Record<TDunningSkipReason, string> = {
  honorary: 'Honorary member',
  exempt: 'Exempt until a date (payment plan)',
  'recent-payment': 'Partial payment in the last days',
  'unmatched-payment': 'An unmatched bank payment could be theirs',
  'below-minimum': 'Balance under the minimum',
};

/**
 * How a notice reaches the member: by e-mail, or on paper when the member has no e-mail or the
 * last e-mail to it could not be delivered (the notice is recorded, no e-mail is queued).
 */
export const dunningChannels = ['email', 'postal'] as const;
export type TDunningChannel = (typeof dunningChannels)[number];

/** What started a run: the daily schedule, an operator on the invoices screen, or the CLI. */
export const dunningRunTriggers = ['schedule', 'manual', 'cli'] as const;
export type TDunningRunTrigger = (typeof dunningRunTriggers)[number];
export const dunningRunStates = ['running', 'succeeded', 'failed'] as const;
export type TDunningRunState = (typeof dunningRunStates)[number];

const ZIsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => {
    // Date.parse rolls 2026-02-30 over to 2 March: the day must come back as written.
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, 'Not a calendar date');

const ZMinorString = z.string().describe('Minor units (an integer as a string)');

// --- Settings --------------------------------------------------------------------------------

export const ZDunningLevel = z
  .object({
    level: z.number().int().min(1).max(4),
    name: z.string(),
    daysAfterDue: z.number().int().describe('Days after the due date the level becomes due'),
    templateKind: z.enum(dunningTemplateKinds).describe('The e-mail template it sends'),
    attachPdf: z.boolean().describe('The invoice PDF (with a reminder heading) is attached'),
    suspends: z.boolean().describe('The member becomes suspended (the last level only)'),
    enabled: z.boolean().describe('A disabled level is passed over: the next enabled one follows'),
    version: z.number().int(),
    updatedAt: z.string().describe('ISO time'),
    updatedBy: z.string().nullable(),
  })
  .describe('A dunning level');
export type TDunningLevel = z.infer<typeof ZDunningLevel>;

export const ZDunningMinimum = z
  .object({
    currency: z.enum(invoiceCurrencies),
    minimumMinor: z
      .number()
      .int()
      .describe('An open balance under it is not chased (minor units of the currency)'),
  })
  .describe("A currency's minimum open balance to chase");
export type TDunningMinimum = z.infer<typeof ZDunningMinimum>;

export const ZDunningSettings = z
  .object({
    levels: z.array(ZDunningLevel).describe('The four levels, in order'),
    minimums: z.array(ZDunningMinimum).describe('Per invoice currency'),
    recentPaymentDays: z
      .number()
      .int()
      .describe('A payment on the invoice within these days before the run skips it'),
    version: z.number().int().describe('The version of the settings as a whole'),
    updatedAt: z.string().describe('ISO time'),
    updatedBy: z.string().nullable(),
  })
  .describe('The dunning levels, minimum amounts and recent-payment days');
export type TDunningSettings = z.infer<typeof ZDunningSettings>;

export const ZDunningLevelUpdate = z.object({
  level: z.number().int().min(1).max(4),
  name: z.string().trim().min(1, 'Name the level').max(80, 'At most 80 characters'),
  daysAfterDue: z
    .number()
    .int('Whole days')
    .min(1, 'At least 1 day after the due date')
    .max(3_650, 'At most 3,650 days'),
  templateKind: z.enum(dunningTemplateKinds),
  attachPdf: z.boolean(),
  enabled: z.boolean(),
});
export type TDunningLevelUpdate = z.infer<typeof ZDunningLevelUpdate>;

export const ZDunningSettingsUpdate = z
  .object({
    levels: z
      .array(ZDunningLevelUpdate)
      .length(4, 'All four levels, in order')
      .superRefine((levels, ctx) => {
        levels.forEach((level, index) => {
          if (level.level !== index + 1)
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              path: [index, 'level'],
              message: `Must be level ${index + 1} (levels in order)`,
            });
          const previous = levels[index - 1];
          if (previous && level.daysAfterDue <= previous.daysAfterDue)
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              path: [index, 'daysAfterDue'],
              message: `Must be more than level ${index}'s ${previous.daysAfterDue} days (days increase with the level)`,
            });
        });
      }),
    minimums: z
      .array(
        z.object({
          currency: z.enum(invoiceCurrencies),
          minimumMinor: z
            .number()
            .int('Minor units (cents)')
            .min(0, 'Must not be negative')
            .max(1_000_000_00, 'At most 1,000,000.00'),
        }),
      )
      .max(invoiceCurrencies.length)
      .superRefine((minimums, ctx) => {
        const seen = new Set<string>();
        minimums.forEach((minimum, index) => {
          if (seen.has(minimum.currency))
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              path: [index, 'currency'],
              message: 'Each currency once',
            });
          seen.add(minimum.currency);
        });
      }),
    recentPaymentDays: z
      .number()
      .int('Whole days')
      .min(0, 'Must not be negative')
      .max(365, 'At most 365 days'),
    version: z.number().int().min(1).describe('The version the operator read'),
  })
  .describe('Change the dunning settings (levels 1–4, minimums, recent-payment days)');
export type TDunningSettingsUpdate = z.infer<typeof ZDunningSettingsUpdate>;

// --- Preview and runs ------------------------------------------------------------------------

export const ZDunningPreviewQuery = z.object({
  asOf: ZIsoDay.optional().describe('The day to chase for (default: today at headquarters)'),
});
export type TDunningPreviewQuery = z.infer<typeof ZDunningPreviewQuery>;

export const ZDunningRunRequest = z
  .object({
    asOf: ZIsoDay.optional().describe('The day to chase for (default: today at headquarters)'),
  })
  .describe('Run dunning now');
export type TDunningRunRequest = z.infer<typeof ZDunningRunRequest>;

const ZCurrencyTotal = z.object({ currency: z.string(), amountMinor: ZMinorString });

export const ZDunningPreviewItem = z
  .object({
    invoiceId: z.string(),
    invoiceNumber: z.string(),
    memberMid: z.string(),
    memberName: z.string(),
    level: z.number().int(),
    levelName: z.string(),
    balanceMinor: ZMinorString,
    currency: z.string(),
    daysOverdue: z.number().int(),
    channel: z.enum(dunningChannels),
  })
  .describe('An invoice that gets a level');
export type TDunningPreviewItem = z.infer<typeof ZDunningPreviewItem>;

/**
 * What a run sends (the preview) or sent (the report of a run): the same shape. A run's report
 * adds how many e-mails it queued and how many members it suspended.
 */
export const ZDunningReport = z
  .object({
    asOf: z.string().describe('YYYY-MM-DD'),
    dryRun: z.boolean().describe('A preview: nothing was written'),
    runId: z.string().nullable().describe('The run (null for a preview)'),
    levels: z
      .array(
        z.object({
          level: z.number().int(),
          name: z.string(),
          invoices: z.number().int(),
          totals: z.array(ZCurrencyTotal).describe('Open balances per currency'),
        }),
      )
      .describe('Every level, with the invoices that get it'),
    totals: z.array(ZCurrencyTotal).describe('Open balances of all of them, per currency'),
    skipped: z
      .array(z.object({ reason: z.enum(dunningSkipReasons), invoices: z.number().int() }))
      .describe('Due for a level but not chased, per reason'),
    postal: z.number().int().describe('Notices to send on paper (no or undeliverable e-mail)'),
    suspended: z.number().int().describe('Members the suspension level suspends'),
    emailsQueued: z.number().int().describe('E-mails queued (0 for a preview)'),
    items: z
      .array(ZDunningPreviewItem)
      .describe('The first 200, highest level first, then the most days overdue'),
    itemsTotal: z.number().int(),
  })
  .describe('Who gets which level');
export type TDunningReport = z.infer<typeof ZDunningReport>;
export type TDunningPreview = TDunningReport;

export const ZDunningRunCounts = z
  .object({
    levels: z.array(z.object({ level: z.number().int(), invoices: z.number().int() })),
    skipped: z.array(z.object({ reason: z.enum(dunningSkipReasons), invoices: z.number().int() })),
    postal: z.number().int(),
    suspended: z.number().int(),
    emailsQueued: z.number().int(),
  })
  .describe("A run's counts");
export type TDunningRunCounts = z.infer<typeof ZDunningRunCounts>;

export const ZDunningRun = z
  .object({
    id: z.string(),
    asOf: z.string().describe('YYYY-MM-DD'),
    trigger: z.enum(dunningRunTriggers),
    operator: z.string().nullable().describe("The operator's e-mail (manual runs)"),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    state: z.enum(dunningRunStates),
    counts: ZDunningRunCounts.nullable(),
    error: z.string().nullable(),
  })
  .describe('A dunning run');
export type TDunningRun = z.infer<typeof ZDunningRun>;

export const ZDunningRuns = z.array(ZDunningRun).describe('The last 50 runs, newest first');
export type TDunningRuns = z.infer<typeof ZDunningRuns>;

// --- On the invoice and the member -----------------------------------------------------------

export const ZInvoiceDunningNotice = z
  .object({
    level: z.number().int(),
    levelName: z.string(),
    asOf: z.string().describe('YYYY-MM-DD: the run day'),
    createdAt: z.string(),
    channel: z.enum(dunningChannels),
    emailId: z.string().nullable().describe('The e-mail sent (null: postal)'),
    letterPostedAt: z
      .string()
      .nullable()
      .describe('Postal: when its letter was confirmed posted (null: not yet) (issue 32)'),
    letterPostedBy: z
      .string()
      .nullable()
      .describe("Postal: the operator's e-mail who confirmed it (null: not yet, or the CLI)"),
  })
  .describe('A dunning level sent for the invoice');
export type TInvoiceDunningNotice = z.infer<typeof ZInvoiceDunningNotice>;

export const ZMemberDunning = z
  .object({
    exemptUntil: z.string().nullable().describe('YYYY-MM-DD: not chased until then'),
    exemptReason: z.string().nullable(),
    openReminders: z
      .array(
        z.object({
          invoiceId: z.string(),
          invoiceNumber: z.string(),
          level: z.number().int(),
          levelName: z.string(),
          asOf: z.string().describe('YYYY-MM-DD'),
        }),
      )
      .describe('Open invoices with a level sent: their highest level'),
  })
  .describe("The member's dunning: exemption and open reminders");
export type TMemberDunning = z.infer<typeof ZMemberDunning>;

export const ZMemberDunningExemption = z
  .object({
    until: ZIsoDay.describe('Not chased until this day (inclusive)'),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why (e.g. a payment plan)')
      .max(500, 'At most 500 characters'),
    version: z.number().int().min(1).describe('The version the client read'),
  })
  .describe('Exempt the member from dunning until a date');
export type TMemberDunningExemption = z.infer<typeof ZMemberDunningExemption>;

export const ZMemberDunningExemptionClear = z
  .object({ version: z.number().int().min(1).describe('The version the client read') })
  .describe('Clear the exemption');
export type TMemberDunningExemptionClear = z.infer<typeof ZMemberDunningExemptionClear>;

export const ZMemberDunningExemptionResult = z
  .object({
    dunning: ZMemberDunning,
    version: z.number().int().describe("The member's new version"),
    message: z.string(),
  })
  .describe('The exemption after the change');
export type TMemberDunningExemptionResult = z.infer<typeof ZMemberDunningExemptionResult>;
