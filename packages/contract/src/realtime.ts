import { z } from 'zod';

/**
 * A change of a record, as the event stream (`GET /api/events/stream`) sends it in
 * `event: change`; the same stream sends `event: operator` with a TOperatorRecord or null.
 */
export const ZChangeEvent = z
  .object({
    table: z.string(),
    id: z
      .string()
      .describe("The record's id, or '*' when one statement changed more than 100 records"),
    op: z.enum(['insert', 'update', 'delete']),
  })
  .describe('A record changed');
export type TChangeEvent = z.infer<typeof ZChangeEvent>;

/**
 * The one Server-Sent Events stream of a browser: `event: operator` (the signed-in user's
 * operator record or null), `event: change` (a ZChangeEvent, only for active operators) and
 * `event: reconnected` (changes may have been missed).
 */
export const eventStreamPath = '/api/events/stream';

/**
 * The member portal's stream (issue 35): `event: ready`, then `event: change` with only the table
 * (members, invoices, certificates, member_change_requests) when a record of the signed-in
 * user's members changed.
 */
export const portalMemberEventsPath = '/api/membership/events';

export const ZPortalMemberChange = z
  .object({
    table: z.enum([
      'members',
      'invoices',
      'certificates',
      'member_change_requests',
      'member_data_exports',
      'member_directory_entries',
    ]),
  })
  .describe("One of the member's records changed: refetch");
export type TPortalMemberChange = z.infer<typeof ZPortalMemberChange>;
