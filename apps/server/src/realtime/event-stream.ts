import type { FastifyReply } from 'fastify';
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
