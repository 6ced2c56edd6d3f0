import { ZHealthResponse, ZReadyResponse } from '@ops/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countAppliedMigrations, knownMigrationCount } from '../db/migrate';

/** Liveness and readiness probes; both answer without a session (load balancers call them). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: ZHealthResponse },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: process.uptime() }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database is reachable and migrated',
        response: { 200: ZReadyResponse, 503: ZReadyResponse },
      },
    },
    async (_request, reply) => {
      try {
        await sql`SELECT 1`.execute(app.deps.db);
        const applied = await countAppliedMigrations(app.deps.db);
        const isReady = applied >= knownMigrationCount;
        return reply.status(isReady ? 200 : 503).send({
          status: isReady ? 'ready' : 'not-ready',
          database: 'reachable',
          migrations: { applied, known: knownMigrationCount },
        });
      } catch {
        return reply.status(503).send({
          status: 'not-ready',
          database: 'unreachable',
          migrations: { applied: 0, known: knownMigrationCount },
        });
      }
    },
  );
};
