import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  // Fastify's extension points are interfaces; declaration merging needs them here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * A form the console itself posts into one of its frames (the e-mail template preview,
     * issue 32). Under the console's `Referrer-Policy: no-referrer` a browser sends such a
     * form's navigation with `Origin: null`, so this route takes the Fetch metadata instead:
     * `Sec-Fetch-Site: same-origin`, which the browser sets and no page can forge.
     */
    sameOriginFormNavigation?: boolean;
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site (cross-site request
 * forgery). Browsers always send Origin on such requests; clients without one (the CLI, curl,
 * signed webhooks) are not browsers and are judged by their credentials instead.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!stateChangingMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const sameHost = [`http://${request.headers.host}`, `https://${request.headers.host}`];
    if (origin === publicOrigin || sameHost.includes(origin)) return;
    if (
      origin === 'null' &&
      request.routeOptions.config.sameOriginFormNavigation === true &&
      request.headers['sec-fetch-site'] === 'same-origin'
    ) {
      return;
    }
    throw new AppError('permission-denied', `Requests from ${origin} are not allowed.`);
  });
}
