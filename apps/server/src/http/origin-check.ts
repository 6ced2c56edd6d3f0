import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
    throw new AppError('permission-denied', `Requests from ${origin} are not allowed.`);
  });
}
