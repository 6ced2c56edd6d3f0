import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger';
import type { Metrics } from './registry';
import { hasMetricsToken } from './token';

export type MetricsListener = { port: number; close(): Promise<void> };

/**
 * METRICS_PORT: a plain HTTP listener of its own that serves `GET /metrics` and nothing else.
 * It listens on METRICS_HOST, by default 127.0.0.1: the main port's HOST is usually every
 * interface, and metrics without a token must not be (issue 31). With METRICS_TOKEN set, this
 * port asks for the token too, so a scraper on another machine (METRICS_HOST=0.0.0.0) is still
 * the only reader.
 */
export async function startMetricsListener(
  metrics: Metrics,
  options: { port: number; host: string; token?: string; logger: Logger },
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (
      options.token !== undefined &&
      !hasMetricsToken(request.headers.authorization, options.token)
    ) {
      response
        .writeHead(401, {
          'content-type': 'text/plain; charset=utf-8',
          'www-authenticate': 'Bearer realm="metrics"',
        })
        .end('The metrics need the Bearer token METRICS_TOKEN.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  options.logger.info({ port, host: options.host }, 'metrics served on a port of their own');
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
