import { z } from 'zod';

/**
 * Notes and follow-ups (issue 19): plain text on a member, an application or an invoice, with
 * line breaks and links; `@` mentions of operators; a note may carry a follow-up (a due date and
 * an assignee) that is done with one click. Authors edit their note for 15 minutes, admins
 * delete notes; every write is audited (`notes` in the audit log, hence the Activity log).
 */

/** The records that take notes. */
export const noteRecordTables = ['members', 'applications', 'invoices'] as const;
export type NoteRecordTable = (typeof noteRecordTables)[number];

/** How long after writing it the author may still edit a note. */
export const noteEditWindowMinutes = 15;
/** The longest note. */
export const noteBodyMaxLength = 10_000;
/** The most operators one note may mention. */
export const noteMentionsMax = 20;
/** How many notes the record's overview shows (the newest). */
export const noteOverviewCount = 3;

const ZIsoTime = z.string().describe('ISO 8601 time (UTC)');
const ZDay = z.iso.date().describe('YYYY-MM-DD');

export const ZNoteOperator = z
  .object({ uid: z.string(), email: z.string(), displayName: z.string().nullable() })
  .describe('An operator, as a note names them');
export type TNoteOperator = z.infer<typeof ZNoteOperator>;

export const ZNoteRecord = z
  .object({
    table: z.enum(noteRecordTables),
    id: z.string().describe('mid, aid or iid'),
    label: z
      .string()
      .describe('How the record is named: "Acme Logistics (M-001234)", "Invoice 2026-000042"'),
  })
  .describe('The record the note is on');

export const ZFollowUp = z
  .object({
    dueOn: ZDay,
    assignee: ZNoteOperator,
    isOverdue: z.boolean().describe('Not done and due before today at headquarters'),
    doneAt: ZIsoTime.nullable(),
    doneBy: ZNoteOperator.nullable(),
  })
  .describe("The note's follow-up: who does it by when");

export const ZNote = z
  .object({
    id: z.string(),
    record: ZNoteRecord,
    body: z.string().describe('Plain text; line breaks kept; links shown as links'),
    mentions: z.array(ZNoteOperator).describe('The operators the note mentions with @'),
    author: ZNoteOperator,
    createdAt: ZIsoTime,
    editedAt: ZIsoTime.nullable().describe('When the author last edited it'),
    editableUntil: ZIsoTime.describe('The author may edit it until then'),
    canEdit: z
      .boolean()
      .describe('The caller is its author, within the edit window, with notes.write'),
    canDelete: z.boolean().describe('The caller may delete it (notes.delete)'),
    followUp: ZFollowUp.nullable(),
    version: z.number().int(),
  })
  .describe('A note on a record');
export type TNote = z.infer<typeof ZNote>;

export const ZNotesQuery = z.object({
  table: z.enum(noteRecordTables),
  recordId: z.string().min(1).max(64),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TNotesQuery = z.infer<typeof ZNotesQuery>;

export const ZNotesPage = z
  .object({
    data: z.array(ZNote).describe('Newest first; deleted notes are left out'),
    nextCursor: z.string().nullable(),
    total: z.number().int().describe("The record's notes"),
  })
  .describe("A page of a record's notes");
export type TNotesPage = z.infer<typeof ZNotesPage>;

const ZNoteBody = z
  .string()
  .max(noteBodyMaxLength)
  .refine((body) => body.trim().length > 0, 'write something')
  .describe('Plain text (links and line breaks are kept as written)');

const ZMentionUids = z
  .array(z.string().min(1).max(64))
  .max(noteMentionsMax)
  .default([])
  .describe('The uids of the operators the note mentions (each must be an active operator)');

export const ZFollowUpInput = z
  .object({
    dueOn: ZDay,
    assigneeUid: z.string().min(1).max(64).describe('An active operator'),
  })
  .describe('A due date and an assignee');

export const ZCreateNoteRequest = z.object({
  table: z.enum(noteRecordTables),
  recordId: z.string().min(1).max(64),
  body: ZNoteBody,
  mentions: ZMentionUids,
  followUp: ZFollowUpInput.nullable().default(null),
});
export type TCreateNoteRequest = z.input<typeof ZCreateNoteRequest>;

export const ZUpdateNoteRequest = z.object({
  version: z.number().int().min(1),
  body: ZNoteBody,
  mentions: ZMentionUids,
  followUp: ZFollowUpInput.nullable().describe('null removes the follow-up'),
});
export type TUpdateNoteRequest = z.input<typeof ZUpdateNoteRequest>;

export const ZNoteParams = z.object({ id: z.string().min(1).max(64) });

export const ZDeleteNoteQuery = z.object({
  version: z.coerce.number().int().min(1),
});

export const ZFollowUpDoneRequest = z.object({
  version: z.number().int().min(1),
  done: z.boolean().describe('false opens it again'),
});
export type TFollowUpDoneRequest = z.infer<typeof ZFollowUpDoneRequest>;

export const ZMyFollowUps = z
  .object({
    data: z
      .array(ZNote)
      .describe(
        'Open follow-ups assigned to the caller: overdue first, then by due date (at most 50)',
      ),
    open: z.number().int(),
    overdue: z.number().int(),
  })
  .describe("The caller's open follow-ups");
export type TMyFollowUps = z.infer<typeof ZMyFollowUps>;

export const ZMyMentions = z
  .object({
    data: z
      .array(z.object({ note: ZNote, readAt: ZIsoTime.nullable() }))
      .describe('Notes mentioning the caller, newest first (at most 20)'),
    unread: z.number().int().describe('Mentions the caller has not marked read'),
  })
  .describe('Notes that mention the caller');
export type TMyMentions = z.infer<typeof ZMyMentions>;

export const ZMarkMentionsReadRequest = z.object({
  noteIds: z
    .array(z.string().min(1).max(64))
    .max(200)
    .optional()
    .describe('These mentions; every unread one when absent'),
});
export type TMarkMentionsReadRequest = z.infer<typeof ZMarkMentionsReadRequest>;
