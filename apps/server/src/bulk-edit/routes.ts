import type { OperatorAction } from '@ops/contract';
import {
  ZApplicationsBulkEditPreviewRequest,
  ZApplicationsBulkEditRequest,
  ZBulkEditPreview,
  ZBulkEditResult,
  ZBulkUndoRequest,
  ZBulkUndoResult,
  ZInvoicesBulkEditPreviewRequest,
  ZInvoicesBulkEditRequest,
  ZMembersBulkEditPreviewRequest,
  ZMembersBulkEditRequest,
} from '@ops/contract/bulk-edit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { commitBulkEdit } from './commit-edit';
import { applicationsEditTarget } from './edit-applications';
import { invoicesEditTarget } from './edit-invoices';
import { membersEditTarget } from './edit-members';
import type { EditTarget } from './edit-target';
import { previewBulkEdit } from './preview';
import type { BulkTable } from './record-operation';
import { undoBulkOperation } from './undo-operation';

/** The lists with "Edit field", each with its schemas and the permission of its edits. */
const editableLists = [
  {
    target: membersEditTarget,
    permission: 'members.edit',
    preview: ZMembersBulkEditPreviewRequest,
    commit: ZMembersBulkEditRequest,
  },
  {
    target: invoicesEditTarget,
    permission: 'invoices.edit',
    preview: ZInvoicesBulkEditPreviewRequest,
    commit: ZInvoicesBulkEditRequest,
  },
  {
    target: applicationsEditTarget,
    permission: 'applications.review',
    preview: ZApplicationsBulkEditPreviewRequest,
    commit: ZApplicationsBulkEditRequest,
  },
] as const satisfies readonly {
  target: EditTarget;
  permission: OperatorAction;
  preview: unknown;
  commit: unknown;
}[];

/** Every area with bulk actions, and the permission its actions (and so their undo) need. */
const undoAreas: readonly { table: BulkTable; permission: OperatorAction }[] = [
  { table: 'members', permission: 'members.edit' },
  { table: 'invoices', permission: 'invoices.edit' },
  { table: 'applications', permission: 'applications.review' },
  { table: 'users', permission: 'users.manage' },
  { table: 'emails', permission: 'emails.retry' },
];

/**
 * Bulk edit and undo (issue 19): `POST /api/<list>/bulk/edit/preview` and `…/bulk/edit` per
 * editable list, `POST /api/<area>/bulk/undo` per area with bulk actions. One route file for
 * all: the lists' selections come from their areas' public surfaces, and those areas record
 * their own bulk actions through this area's (`index.ts`), so routes here keep imports one-way.
 */
export const bulkEditRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { target, permission, preview, commit } of editableLists) {
    app.post(
      `/api/${target.list}/bulk/edit/preview`,
      {
        config: { permission },
        schema: {
          tags: [target.list],
          summary:
            'What changing one field on the selected rows (ids, or every row of a view) would do: counts and a sample before → after; writes nothing',
          body: preview,
          response: { 200: ZBulkEditPreview },
        },
      },
      async (request) => previewBulkEdit(app.deps.db, target, request.body),
    );

    app.post(
      `/api/${target.list}/bulk/edit`,
      {
        config: { permission },
        schema: {
          tags: [target.list],
          summary:
            'Changes one field on the selected rows in one transaction, one audit entry each; rows changed since the preview are skipped and reported, never overwritten',
          body: commit,
          response: { 200: ZBulkEditResult },
        },
      },
      async (request) =>
        commitBulkEdit(app.deps.db, operatorActor(request), target, request.body, request.log),
    );
  }

  for (const { table, permission } of undoAreas) {
    app.post(
      `/api/${table}/bulk/undo`,
      {
        config: { permission },
        schema: {
          tags: [table],
          summary:
            "Undoes the caller's own bulk action of this list within 30 seconds: rows still as it left them get their previous values back (audited); rows changed since are skipped and named",
          body: ZBulkUndoRequest,
          response: { 200: ZBulkUndoResult },
        },
      },
      async (request) =>
        undoBulkOperation(app.deps.db, operatorActor(request), table, request.body.operationId),
    );
  }
};
