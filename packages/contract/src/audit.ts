import { z } from 'zod';

/**
 * The business tables whose audit trail a History tab may show (`GET /api/audit/:table/:id`).
 * Sessions, sign-in codes and the like are not business records and are never listed.
 */
export const auditTables = [
  'members',
  'applications',
  'invoices',
  'certificates',
  'users',
  'operators',
  'countries',
  'bank_accounts',
  'emails',
  'stripe_invoices',
  // Issue 19: a saved view's history (created, renamed, updated, shared, deleted, made default).
  'saved_views',
  // Issue 19: a note's history (written, edited, follow-up done or opened again, deleted).
  'notes',
] as const;
export type AuditTable = (typeof auditTables)[number];

/**
 * Keys of an audit entry's before/after that are bookkeeping, not fields a person changed: they
 * change with every write and are shown as the entry's time and author instead.
 */
export const auditBookkeepingFields = [
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const;

/**
 * Audit entries may carry metadata next to the row in `after` under keys starting with `_`
 * (never a column): `_reason` is the reason a person gave for the change (a status change,
 * a deletion, a rejection), shown with the entry rather than as a changed field.
 */
export const auditReasonKey = '_reason';

export const ZAuditHistoryParams = z.object({
  table: z.enum(auditTables).describe('A business table, e.g. "members"'),
  id: z.string().min(1).max(200).describe("The record's id (mid, iid, iso2, …)"),
});
export type TAuditHistoryParams = z.infer<typeof ZAuditHistoryParams>;

export const ZAuditHistoryQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, 'the nextCursor of the previous page')
    .optional()
    .describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Entries per page'),
});
export type TAuditHistoryQuery = z.infer<typeof ZAuditHistoryQuery>;

export const ZAuditFieldChange = z
  .object({
    field: z.string().describe('Column name, e.g. "legal_name"'),
    before: z.unknown().describe('Value before the change (null when it had none)'),
    after: z.unknown().describe('Value after the change (null when it has none)'),
  })
  .describe('One field an entry changed');
export type TAuditFieldChange = z.infer<typeof ZAuditFieldChange>;

export const ZAuditActor = z
  .object({
    kind: z.enum(['operator', 'user', 'system', 'cli', 'endorsement-link']),
    uid: z.string().nullable(),
    email: z.string().nullable().describe("The actor's e-mail, when the actor is a user"),
    displayName: z.string().nullable(),
  })
  .describe('Who made the change');
export type TAuditActor = z.infer<typeof ZAuditActor>;

export const ZAuditEntry = z
  .object({
    id: z.string().describe('The entry id; entries are numbered in the order they were written'),
    at: z.string().describe('ISO time of the change'),
    actor: ZAuditActor,
    action: z.string().describe('What was done, e.g. "create", "update", "status", "delete"'),
    reason: z.string().nullable().describe('The reason given for the change, if any'),
    changes: z.array(ZAuditFieldChange).describe('Every field whose value changed'),
  })
  .describe('One change of a record');
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditHistoryPage = z
  .object({
    data: z.array(ZAuditEntry).describe('Newest first'),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` for older entries; null at the end'),
  })
  .describe("A page of a record's history");
export type TAuditHistoryPage = z.infer<typeof ZAuditHistoryPage>;
