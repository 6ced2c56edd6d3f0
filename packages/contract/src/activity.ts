import { z } from 'zod';
import { ZAuditActor, ZAuditFieldChange } from './audit';
import { listSortFields } from './list-definition';
import { listPageOf, listQuerySchema } from './lists';
import { noteRecordTables } from './notes';
import { activityList, activityRecordTypes } from './lists/activity';

export { activityList, activityRecordTypes };
export type { ActivityRecordType } from './lists/activity';

export const activityListSorts = listSortFields(activityList);

export const ZActivityListItem = z
  .object({
    id: z.string().describe('The entry id; entries are numbered in the order they were written'),
    at: z.string().describe('ISO time of the change'),
    actor: ZAuditActor,
    recordType: z
      .string()
      .describe(
        'The table of the record, e.g. "members" (one of the record type filter\'s values)',
      ),
    record: z
      .object({
        id: z.string().describe("The record's id (mid, iid, uid, …)"),
        label: z
          .string()
          .nullable()
          .describe(
            'What a person calls the record (member number and name, invoice number, e-mail, …); null when it is gone or has none',
          ),
        on: z
          .object({ table: z.enum(noteRecordTables), id: z.string() })
          .optional()
          .describe(
            "A note's entries only (issue 19): the record the note is on, whose Notes tab the entry opens",
          ),
      })
      .describe('The record that changed'),
    action: z.string().describe('What was done, e.g. "create", "update", "status", "delete"'),
    reason: z.string().nullable().describe('The reason given for the change, if any'),
    changes: z
      .array(ZAuditFieldChange)
      .describe('Every field whose value changed, before → after (secrets are never shown)'),
  })
  .describe('One entry of the audit trail');
export type TActivityListItem = z.infer<typeof ZActivityListItem>;

export const ZActivityListQuery = listQuerySchema(activityList);
export type TActivityListQuery = z.infer<typeof ZActivityListQuery>;

export const ZActivityListPage = listPageOf(ZActivityListItem).describe(
  'A page of the activity log',
);
export type TActivityListPage = z.infer<typeof ZActivityListPage>;

export const ZActivityFacets = z
  .object({
    actors: z
      .array(
        z.object({
          uid: z.string(),
          email: z.string().nullable().describe('null when the account is gone'),
          displayName: z.string().nullable(),
        }),
      )
      .describe(
        'Everyone who has an entry, by e-mail (entries of the system and the command line have no uid)',
      ),
    actions: z.array(z.string()).describe('Every action the trail holds, alphabetically'),
  })
  .describe("The operator and action filters' choices: the values the trail holds");
export type TActivityFacets = z.infer<typeof ZActivityFacets>;
