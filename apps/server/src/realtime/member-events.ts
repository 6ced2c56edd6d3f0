import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reconnectedChannel } from '../db/notifications';
import type { Database } from '../db/schema';
import { requireSession } from '../http/access';
import { membershipsOfUser } from '../members';
import { subscribeToChanges, type ChangeEvent } from './changes';
import { openEventStream, orderedSender, streamLifetime } from './event-stream';
import { claimStreamSlot, recheckStreamSession, streamHeartbeatMs } from './session-streams';

/** The tables whose changes a member's screens show, and the column naming the member. */
const memberTables = {
  members: 'mid',
  invoices: 'member_mid',
  certificates: 'member_mid',
} as const satisfies Partial<Record<keyof Database, string>>;

type MemberTable = keyof typeof memberTables;

const isMemberTable = (table: string): table is MemberTable => Object.hasOwn(memberTables, table);

const idColumns = { members: 'mid', invoices: 'iid', certificates: 'cid' } as const;

/**
 * The member portal's live events (issue 35): `event: change` with only `{table}` when one of
 * the signed-in user's members, its invoices or its certificates changed (a card payment booked
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
  const session = requireSession(request);
  const { uid } = session.user;
  const { db, notifications } = app.deps;
  const releaseSlot = claimStreamSlot(app, request);
  const stream = openEventStream(reply);
  const send = orderedSender(request, stream, () => lifetime.isClosed);

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
  const checkSession = () =>
    send(async () => {
      const current = await recheckStreamSession(app, session);
      if (current) await readMemberships();
      if (!current || mids.size === 0) {
        lifetime.close();
        return null;
      }
      return ': keep-alive\n\n';
    });

  const unsubscribeChanges = subscribeToChanges(notifications, (change) => {
    if (change.table === 'users' && change.id === uid) checkSession();
    if (!isMemberTable(change.table)) return;
    const memberChange = { ...change, table: change.table };
    send(async () =>
      (await isTheirs(memberChange))
        ? `event: change\ndata: ${JSON.stringify({ table: change.table })}\n\n`
        : null,
    );
  });
  const unsubscribeReconnect = notifications.subscribe(reconnectedChannel, () => {
    send(async () => {
      await readMemberships();
      return 'event: reconnected\ndata: {}\n\n';
    });
  });
  const heartbeat = setInterval(checkSession, streamHeartbeatMs);
  const lifetime = streamLifetime(openStreams, request, stream, [
    () => clearInterval(heartbeat),
    unsubscribeChanges,
    unsubscribeReconnect,
    releaseSlot,
  ]);
  send(async () => {
    await readMemberships();
    return 'event: ready\ndata: {}\n\n';
  });
}
