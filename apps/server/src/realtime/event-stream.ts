import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';

/**
 * Takes the response over for Server-Sent Events: headers that keep proxies from buffering or
 * transforming it, and a 1 s reconnection delay for the browser's EventSource.
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const stream = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  stream.write('retry: 1000\n\n');
  return stream;
}

/**
 * The streams a plugin has open, each by its close function. Open streams never go idle, so
 * shutdown ends them itself rather than wait for them.
 */
export function trackOpenStreams(app: FastifyInstance): Set<() => void> {
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of openStreams) close();
  });
  return openStreams;
}

export type StreamLifetime = {
  readonly isClosed: boolean;
  /** Ends the stream once: runs the clean-ups, forgets it, ends the response. */
  close(): void;
};

/**
 * Ties a stream's end to the client leaving and to shutdown. `cleanUps` (timers, subscriptions)
 * run exactly once, whichever comes first.
 */
export function streamLifetime(
  openStreams: Set<() => void>,
  request: FastifyRequest,
  stream: ServerResponse,
  cleanUps: (() => void)[],
): StreamLifetime {
  let isClosed = false;
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    openStreams.delete(close);
    for (const cleanUp of cleanUps) cleanUp();
    stream.end();
  };
  openStreams.add(close);
  request.raw.on('close', close);
  return {
    get isClosed() {
      return isClosed;
    },
    close,
  };
}

/**
 * The one write queue of a stream: each event is made (perhaps after a query) and written in the
 * order it was asked for, never after the stream closed, so an event that needed a query is not
 * overtaken by one that did not.
 */
export function orderedSender(
  request: FastifyRequest,
  stream: ServerResponse,
  isClosed: () => boolean,
): (work: () => Promise<string | null> | string | null) => void {
  let queue = Promise.resolve();
  return (work) => {
    queue = queue
      .then(async () => {
        if (isClosed()) return;
        const text = await work();
        if (text !== null && !isClosed()) stream.write(text);
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'event stream failed'));
  };
}
