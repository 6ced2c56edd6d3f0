import { z } from 'zod';
import { listPageOf, ZFilterParam, ZListQuery, ZListSelection } from './lists';

/**
 * The e-mail log (issue 6). Every e-mail is a row first (the outbox); a worker delivers it:
 * PENDING → PROCESSING (a lease) → SUCCESS | ERROR, temporary failures through RETRY; an
 * operator's retry sets RETRY again. (Not to be confused with `email.ts`, the address schema.)
 */
export const emailStates = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'RETRY'] as const;
export type EmailStateName = (typeof emailStates)[number];

/** What one delivery attempt came to. */
export const emailDeliveryOutcomes = [
  'success',
  'temporary-failure',
  'permanent-failure',
  'lease-expired',
] as const;
export type EmailDeliveryOutcomeName = (typeof emailDeliveryOutcomes)[number];

/**
 * How a delivered e-mail left: `smtp`, accepted by the mail server of `SMTP_URL`; `log`, only
 * written to the server log because `SMTP_URL` is not set (it reached nobody's mailbox).
 */
export const emailDeliveryModes = ['smtp', 'log'] as const;
export type EmailDeliveryModeName = (typeof emailDeliveryModes)[number];

const ZDeliveryMode = z
  .enum(emailDeliveryModes)
  .nullable()
  .describe(
    'How it left: "smtp" (accepted by the mail server) or "log" (written to the server log, not delivered); null until delivered',
  );

/** The records an e-mail can be about (its related record). */
export const emailRelatedTables = [
  'users',
  'applications',
  'members',
  'invoices',
  'certificates',
  'stripe_invoices',
] as const;

/** The kinds of e-mail the system sends (the list's kind filter offers these). */
export const emailKinds = [
  'sign-in-link',
  'password-reset',
  'application-approved',
  'application-endorsement-requested',
  'invoice-issued',
  'invoice',
  'payment-reminder',
  'certificate-issued',
  'certificate',
] as const;

/** Attempts answered "try later" (4xx) before an e-mail is given up as ERROR. */
export const emailMaxDeliveryAttempts = 5;

export const emailListSorts = ['createdAt', 'state', 'to', 'attempts'] as const;

const ZRelated = z
  .object({
    table: z.string(),
    id: z.string(),
    label: z
      .string()
      .nullable()
      .describe('What a person calls the record: invoice or member number, name, e-mail'),
  })
  .describe('The record the e-mail is about');

export const ZEmailListItem = z
  .object({
    eid: z.string(),
    state: z.enum(emailStates),
    to: z.array(z.string()).describe('Recipients'),
    subject: z.string(),
    kind: z.string().describe('sign-in-link, invoice-issued, …'),
    related: ZRelated.nullable(),
    attempts: z.number().int().describe('Delivery attempts made'),
    lastError: z.string().nullable(),
    createdAt: z.string().describe('ISO time the e-mail was queued'),
    updatedAt: z.string().describe('ISO time of the last change'),
    deliveredAt: z.string().nullable(),
    deliveryMode: ZDeliveryMode,
  })
  .describe('A row of the e-mail log');
export type TEmailListItem = z.infer<typeof ZEmailListItem>;

export const ZEmailsListQuery = ZListQuery.extend({
  eid: ZFilterParam.describe('E-mail ids, e.g. the rows selected on screen: "a1,b2"'),
  state: ZFilterParam.describe('States, e.g. "ERROR" or "PENDING,RETRY"'),
  deliveryMode: ZFilterParam.describe(
    'How delivered e-mails left, e.g. "log" (written to the server log, not delivered) or "smtp"',
  ),
  kind: ZFilterParam.describe('Kinds, e.g. "invoice-issued,certificate-issued"'),
  createdAt: ZFilterParam.describe('A range of days (UTC), e.g. "2026-01-01..2026-01-31"'),
  relatedTable: ZFilterParam.describe(
    'Tables of the related record, e.g. "invoices", or "(empty)"',
  ),
});
export type TEmailsListQuery = z.infer<typeof ZEmailsListQuery>;

export const ZEmailsListPage = listPageOf(ZEmailListItem).describe('A page of the e-mail log');
export type TEmailsListPage = z.infer<typeof ZEmailsListPage>;

export const ZEmailParams = z.object({ eid: z.string().min(1).max(64) });

export const ZEmailDelivery = z
  .object({
    attempt: z.number().int().describe('1 for the first attempt ever made'),
    workerId: z.string().describe('host/process/instance of the worker'),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    outcome: z
      .enum(emailDeliveryOutcomes)
      .nullable()
      .describe('null while the attempt is under way'),
    smtpResponse: z.string().nullable().describe("The mail server's answer"),
    error: z.string().nullable(),
    providerMessageId: z.string().nullable(),
    accepted: z.array(z.string()),
    rejected: z.array(z.string()),
    deliveryMode: ZDeliveryMode,
  })
  .describe('One delivery attempt');
export type TEmailDelivery = z.infer<typeof ZEmailDelivery>;

export const ZEmailAttachmentInfo = z.object({
  position: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
});
export type TEmailAttachmentInfo = z.infer<typeof ZEmailAttachmentInfo>;

export const ZEmailDetail = z
  .object({
    eid: z.string(),
    state: z.enum(emailStates),
    from: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    replyTo: z.string().nullable(),
    subject: z.string(),
    messageId: z.string().describe('The Message-ID header every attempt sends'),
    kind: z.string(),
    template: z.string().nullable(),
    templateData: z.record(z.string(), z.unknown()).nullable(),
    related: ZRelated.nullable(),
    text: z.string().nullable(),
    hasHtml: z.boolean().describe('GET /api/emails/{eid}/html serves it, sandboxed'),
    attachments: z.array(ZEmailAttachmentInfo),
    attempts: z.number().int().describe('Delivery attempts ever made'),
    attemptsInBudget: z
      .number()
      .int()
      .describe(`Attempts of the current round; at ${emailMaxDeliveryAttempts} it is given up`),
    maxAttempts: z.number().int(),
    nextAttemptAt: z.string().nullable().describe('When a waiting e-mail is tried again'),
    leaseExpiresAt: z.string().nullable(),
    workerId: z.string().nullable(),
    lastError: z.string().nullable(),
    providerMessageId: z.string().nullable(),
    accepted: z.array(z.string()),
    rejected: z.array(z.string()),
    deliveredAt: z.string().nullable(),
    deliveryMode: ZDeliveryMode,
    createdAt: z.string(),
    updatedAt: z.string(),
    deliveries: z.array(ZEmailDelivery).describe('Every attempt, oldest first'),
  })
  .describe('One e-mail: headers, bodies, attachments and delivery history');
export type TEmailDetail = z.infer<typeof ZEmailDetail>;

export const ZEmailRetryResult = z
  .object({ eid: z.string(), state: z.enum(emailStates) })
  .describe('The e-mail after the retry: RETRY, or further along if a worker took it already');
export type TEmailRetryResult = z.infer<typeof ZEmailRetryResult>;

export const ZEmailsBulkRetryRequest = z.object({ selection: ZListSelection });
export type TEmailsBulkRetryRequest = z.infer<typeof ZEmailsBulkRetryRequest>;

export const ZEmailsBulkRetryResult = z.object({
  retried: z.number().int().describe('Failed e-mails sent back to the outbox'),
  skipped: z.number().int().describe('Selected e-mails that had not failed'),
});
export type TEmailsBulkRetryResult = z.infer<typeof ZEmailsBulkRetryResult>;
