import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';
import { requireSession } from '../http/access';
import { membershipsOfUser } from '../members';
import type { ChangeEvent } from './changes';
import { openSessionStream } from './session-streams';

/** The tables whose changes a member's screens show, and the column naming the member. */
const memberTables = {
  members: 'mid',
  invoices: 'member_mid',
  certificates: 'member_mid',
  // A change request decided by staff: the company screen shows the decision at once.
  member_change_requests: 'member_mid',
  // A data export's progress and its end: the Your data section follows it.
  member_data_exports: 'member_mid',
  // The directory entry an owner changed: a colleague's open screen shows it.
  member_directory_entries: 'member_mid',
} as const satisfies Partial<Record<keyof Database, string>>;

type MemberTable = keyof typeof memberTables;

const isMemberTable = (table: string): table is MemberTable => Object.hasOwn(memberTables, table);

const idColumns = {
  members: 'mid',
  invoices: 'iid',
  certificates: 'cid',
  member_change_requests: 'id',
  member_data_exports: 'id',
  member_directory_entries: 'member_mid',
} as const;

/**
 * The member portal's live events (issue 35): `event: change` with only `{table}` when one of
 * the signed-in user's members, its invoices, certificates, change requests, data exports or directory entry changed (a card payment booked
 * by the webhook, a certificate issued), so the member's screens refetch through the API, which
 * scopes what they read. Nothing about other members leaves: a change is looked up and sent only
 * when the record is one of the user's members'; a bulk change (`id: '*'`) is a bare "refetch".
 * `event: reconnected` and keep-alives as the console's stream; a session that ended, or a user
 * no longer anyone's colleague, ends the stream at the next heartbeat.
 */
export function streamMemberEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  openStreams: Set<() => void>,
): void {
  const { uid } = requireSession(request).user;
  const { db } = app.deps;
  let mids = new Set<string>();
  const readMemberships = async () => {
    mids = new Set((await membershipsOfUser(db, uid)).map((member) => member.mid));
  };
  const isTheirs = async (change: ChangeEvent & { table: MemberTable }) => {
    if (change.id === '*') return mids.size > 0;
    if (change.table === 'members') return mids.has(change.id);
    const row = await db
      .selectFrom(change.table)
      .select(`${memberTables[change.table]} as mid`)
      .where(idColumns[change.table], '=', change.id)
      .executeTakeFirst();
    return row?.mid != null && mids.has(row.mid);
  };
  openSessionStream(app, request, reply, openStreams, ({ send, checkNow }) => {
    send(async () => {
      await readMemberships();
      return 'event: ready\ndata: {}\n\n';
    });
    return {
      change: (change) => {
        if (change.table === 'users' && change.id === uid) checkNow();
        if (!isMemberTable(change.table)) return;
        const memberChange = { ...change, table: change.table };
        send(async () =>
          (await isTheirs(memberChange))
            ? `event: change\ndata: ${JSON.stringify({ table: change.table })}\n\n`
            : null,
        );
      },
      reconnected: () =>
        send(async () => {
          await readMemberships();
          return 'event: reconnected\ndata: {}\n\n';
        }),
      // A person no longer any member's user (removed, the member deleted) hears no more.
      heartbeat: async () => {
        await readMemberships();
        return mids.size > 0;
      },
    };
  });
}
