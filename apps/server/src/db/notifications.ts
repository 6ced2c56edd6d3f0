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

export async function listenForNotifications(
  connectionString: string,
  channels: string[],
  logger: Logger,
): Promise<Notifications> {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | undefined;

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
    const next = new pg.Client({ connectionString, application_name: 'operations-listener' });
    next.on('notification', (message) => emit(message.channel, message.payload ?? ''));
    const onLost = (error?: Error) => {
      if (client !== next || isClosed) return;
      client = undefined;
      logger.warn({ err: error }, 'notification connection lost; reconnecting');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    await next.connect();
    for (const channel of channels) await next.query(`LISTEN "${channel}"`);
    client = next;
    if (isReconnect) emit(reconnectedChannel, '');
  };

  const scheduleReconnect = () => {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect(true).catch((error: unknown) => {
        logger.warn({ err: error }, 'notification connection failed; retrying');
        scheduleReconnect();
      });
    }, 1_000);
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
