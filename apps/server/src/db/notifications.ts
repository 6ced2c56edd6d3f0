import pg from 'pg';
import type { Logger } from '../logger';

type Listener = (payload: string) => void;

/**
 * One dedicated PostgreSQL connection that LISTENs for notifications and hands them to
 * subscribers in this process. NOTIFY reaches every server instance on the database, which is
 * what makes live updates work behind a load balancer. A lost connection is re-established; the
 * subscribers of `reconnectedChannel` are told, since notifications sent meanwhile are lost.
 */
export type Notifications = {
  subscribe(channel: string, listener: Listener): () => void;
  close(): Promise<void>;
};

/** Subscribers of this pseudo-channel hear when the connection came back after a loss. */
export const reconnectedChannel = '*reconnected';

/** Reconnection attempts: 0.25 s, 0.5 s, 1 s, ... at most 5 s apart (with some jitter). */
const retryDelayMs = (failures: number) =>
  Math.min(5_000, 250 * 2 ** failures) * (0.75 + Math.random() * 0.5);

export async function listenForNotifications(
  connectionString: string,
  channels: string[],
  logger: Logger,
): Promise<Notifications> {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Failed reconnection attempts since the connection was lost (0: none lost). */
  let failures = 0;
  let lostAt = 0;

  const emit = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        logger.error({ err: error, channel }, 'a notification listener failed');
      }
    }
  };

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      application_name: 'operations-listener',
      // The connection is idle between notifications: keep-alive finds a silently cut one,
      // and a connection attempt to an unreachable host gives up rather than hang.
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    next.on('notification', (message) => emit(message.channel, message.payload ?? ''));
    const onLost = (error?: Error) => {
      if (client !== next || isClosed) return;
      client = undefined;
      lostAt = performance.now();
      logger.warn({ err: error }, 'notification connection lost; reconnecting');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (isReconnect) {
      logger.info(
        { unreachableMs: performance.now() - lostAt, attempts: failures + 1 },
        'notification connection re-established; listening again',
      );
      failures = 0;
      emit(reconnectedChannel, '');
    }
  };

  /** Reconnects with back-off; the failed attempts of one outage are not logged one by one. */
  const scheduleReconnect = () => {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect(true).catch((error: unknown) => {
        if (isClosed) return;
        failures++;
        logger.debug(
          { err: error, attempts: failures },
          'notification connection failed; retrying',
        );
        scheduleReconnect();
      });
    }, retryDelayMs(failures));
  };

  await connect(false);

  return {
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
