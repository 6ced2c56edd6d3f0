import type { FastifyInstance, FastifyReply } from 'fastify';
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
