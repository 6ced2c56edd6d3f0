import { z } from 'zod';
import { bulkEditFields, bulkEditSampleSize } from './bulk-edit-fields';
import { ZListSelection } from './lists';

export * from './bulk-edit-fields';

/**
 * Bulk edit and undo (issue 19). "Edit field" on a list's selection: a preview (how many rows
 * change, a sample before → after), then the change in one transaction with one audit entry per
 * record; rows changed since the preview are reported and skipped, never overwritten. Every bulk
 * action (status changes, bulk edit, bulk retry, users disabled) answers with an `undo` handle:
 * the same area's `POST …/bulk/undo` restores the previous values through the same audited path,
 * skipping (and naming) rows changed since.
 *
 * Routes, per list L of `bulkEditFields` (members, invoices, applications), with L's permission
 * (members.edit, invoices.edit, applications.review):
 *   POST /api/L/bulk/edit/preview  ZBulkEditPreviewRequest → ZBulkEditPreview
 *   POST /api/L/bulk/edit          ZBulkEditRequest        → ZBulkEditResult
 * Undo, per area with bulk actions (members, invoices, applications: their permission above;
 * users: users.manage; emails: emails.retry):
 *   POST /api/A/bulk/undo          ZBulkUndoRequest        → ZBulkUndoResult
 */

const ZIsoTime = z.string().describe('ISO 8601 time (UTC)');

/** A field's new value: text (an enumeration value, a day, an id), true/false, or null. */
export const ZBulkEditValue = z
  .union([z.string().max(200), z.boolean(), z.null()])
  .describe(
    'The new value: one of the field\'s values, a day YYYY-MM-DD, true/false, the id of the record it names, or null ("No value") where the field allows it',
  );

function fieldEnum<L extends keyof typeof bulkEditFields>(list: L) {
  const names = Object.keys(bulkEditFields[list]) as [string, ...string[]];
  return z.enum(
    names as [
      Extract<keyof (typeof bulkEditFields)[L], string>,
      ...Extract<keyof (typeof bulkEditFields)[L], string>[],
    ],
  );
}

/** The preview's request for list L: which rows, which field, which value. */
export function bulkEditPreviewRequestOf<L extends keyof typeof bulkEditFields>(list: L) {
  return z.object({
    selection: ZListSelection,
    field: fieldEnum(list).describe('A field that may change in bulk (bulkEditFields)'),
    value: ZBulkEditValue,
  });
}

export const ZMembersBulkEditPreviewRequest = bulkEditPreviewRequestOf('members');
export const ZInvoicesBulkEditPreviewRequest = bulkEditPreviewRequestOf('invoices');
export const ZApplicationsBulkEditPreviewRequest = bulkEditPreviewRequestOf('applications');

/** The change itself: the preview's request and the time of the preview the person confirmed. */
export function bulkEditRequestOf<L extends keyof typeof bulkEditFields>(list: L) {
  return bulkEditPreviewRequestOf(list).extend({
    previewedAt: ZIsoTime.describe(
      "The preview's `previewedAt`: rows changed after it are skipped and reported, not overwritten",
    ),
  });
}

export const ZMembersBulkEditRequest = bulkEditRequestOf('members');
export const ZInvoicesBulkEditRequest = bulkEditRequestOf('invoices');
export const ZApplicationsBulkEditRequest = bulkEditRequestOf('applications');
export type TBulkEditRequest = {
  selection: z.infer<typeof ZListSelection>;
  field: string;
  value: string | boolean | null;
  previewedAt: string;
};

export const ZBulkEditSampleRow = z.object({
  id: z.string(),
  label: z.string().describe('How the row is named: "Acme Logistics (M-001234)"'),
  before: z
    .string()
    .describe('The current value as the screen shows it ("Individual", "No value")'),
  after: z.string().describe('The new value as the screen will show it'),
});

export const ZBulkEditPreview = z
  .object({
    selected: z.number().int().describe('Rows the selection names'),
    changing: z.number().int().describe('Rows whose value changes'),
    unchanged: z.number().int().describe('Rows that already have the value'),
    notEditable: z
      .number()
      .int()
      .describe('Rows the field may not change on (e.g. invoices that are not drafts)'),
    sample: z.array(ZBulkEditSampleRow).max(bulkEditSampleSize),
    previewedAt: ZIsoTime.describe('Send it back with the change'),
  })
  .describe('What the change would do');
export type TBulkEditPreview = z.infer<typeof ZBulkEditPreview>;

export const ZBulkUndoHandle = z
  .object({
    operationId: z.string(),
    undoUntil: ZIsoTime.describe('The server takes the undo until then'),
  })
  .describe('How to undo the bulk action just done');
export type TBulkUndoHandle = z.infer<typeof ZBulkUndoHandle>;

export const ZBulkConflict = z
  .object({
    id: z.string(),
    label: z.string(),
    changedBy: z.string().nullable().describe('Who changed it since (name or e-mail)'),
    changedAt: ZIsoTime,
  })
  .describe('A row changed by someone else meanwhile, skipped');
export type TBulkConflict = z.infer<typeof ZBulkConflict>;

export const ZBulkEditResult = z
  .object({
    changed: z.number().int(),
    unchanged: z.number().int(),
    notEditable: z.number().int(),
    conflicts: z
      .array(ZBulkConflict)
      .max(200)
      .describe('Rows changed since the preview (the first 200)'),
    conflictCount: z.number().int(),
    undo: ZBulkUndoHandle.nullable().describe('null when nothing changed'),
  })
  .describe('What the bulk edit did');
export type TBulkEditResult = z.infer<typeof ZBulkEditResult>;

export const ZBulkUndoRequest = z.object({
  operationId: z.string().min(1).max(64),
});
export type TBulkUndoRequest = z.infer<typeof ZBulkUndoRequest>;

export const ZBulkUndoResult = z
  .object({
    restored: z.number().int().describe('Rows given back their previous values'),
    skipped: z
      .array(ZBulkConflict)
      .max(200)
      .describe('Rows changed after the action (the first 200), left as they are'),
    skippedCount: z.number().int(),
  })
  .describe('What the undo did');
export type TBulkUndoResult = z.infer<typeof ZBulkUndoResult>;
