import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema, ZListSelection } from './lists';
import { listSortFields } from './list-definition';
import { ZBulkUndoHandle } from './bulk-edit';
import { emailsList } from './lists/index';
import { emailStates, emailDeliveryModes, emailRelatedTables, emailKinds } from './enumerations';

export { emailStates, emailDeliveryModes, emailRelatedTables, emailKinds };

export type EmailStateName = (typeof emailStates)[number];

/** What one delivery attempt came to. */
export const emailDeliveryOutcomes = [
  'success',
  'temporary-failure',
  'permanent-failure',
  'lease-expired',
] as const;
export type EmailDeliveryOutcomeName = (typeof emailDeliveryOutcomes)[number];

export type EmailDeliveryModeName = (typeof emailDeliveryModes)[number];

const ZDeliveryMode = z
  .enum(emailDeliveryModes)
  .nullable()
  .describe(
    'How it left: "smtp" (accepted by the mail server) or "log" (written to the server log, not delivered); null until delivered',
  );

/** Attempts answered "try later" (4xx) before an e-mail is given up as ERROR. */
export const emailMaxDeliveryAttempts = 5;

export const emailListSorts = listSortFields(emailsList);

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
    // The fields its columns declare (lists/emails.ts).
    ...listItemFields(emailsList),
  })
  .describe('A row of the e-mail log');
export type TEmailListItem = z.infer<typeof ZEmailListItem>;

export const ZEmailsListQuery = listQuerySchema(emailsList);
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
  undo: ZBulkUndoHandle.nullable().describe(
    'How to undo it (issue 19): e-mails still waiting go back to failed; those sent meanwhile stay sent',
  ),
});
export type TEmailsBulkRetryResult = z.infer<typeof ZEmailsBulkRetryResult>;
