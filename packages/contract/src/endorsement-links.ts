import { z } from 'zod';

/** Endorsement by link (issue 34): what the portal's page and the console's panel share. */

export const endorsementDecisions = ['endorse', 'decline'] as const;
export type EndorsementDecision = (typeof endorsementDecisions)[number];

/**
 * Where a link stands: `open` (it can be answered), `answered` (used: who, when, what),
 * `expired` (30 days passed), `retired` (a newer link replaced it, or staff waived the
 * endorsement, or the application no longer waits for it).
 */
export const endorsementLinkStates = ['open', 'answered', 'expired', 'retired'] as const;
export type EndorsementLinkState = (typeof endorsementLinkStates)[number];

/** How long a link works, and when the association is reminded without an answer. */
export const endorsementLinkLifetimeDays = 30;
export const endorsementReminderDays = [7, 14] as const;

export const maxEndorsementReasonLength = 2000;

export const ZEndorsementAnswer = z
  .object({
    at: z.string().describe('ISO time of the answer'),
    decision: z.enum(endorsementDecisions),
    reason: z.string().nullable(),
    by: z.string().describe('Who answered: the endorsement link e-mailed to these addresses'),
    hasLetter: z.boolean().describe('Whether an endorsement letter was attached'),
  })
  .describe('The association’s answer');
export type TEndorsementAnswer = z.infer<typeof ZEndorsementAnswer>;

/** The console's view of an application's endorsement by link. */
export const ZApplicationEndorsementPanel = z
  .object({
    state: z.enum(['waiting', 'answered', 'expired', 'waived', 'overdue']),
    associationName: z.string(),
    sentTo: z.array(z.string()),
    requestedAt: z.string(),
    expiresAt: z.string(),
    daysWaiting: z.number().int(),
    remindersSent: z.number().int(),
    lastReminderAt: z.string().nullable(),
    answer: ZEndorsementAnswer.nullable(),
    waivedReason: z.string().nullable(),
  })
  .describe('The endorsement by link: state, days waiting, reminders, the answer');
export type TApplicationEndorsementPanel = z.infer<typeof ZApplicationEndorsementPanel>;
