import { ZHealthResponse, ZReadyResponse } from '@ops/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countAppliedMigrations, knownMigrationCount } from '../db/migrate';
import { apiRoutes } from '../http/api-route';

/** Liveness and readiness probes; both answer without a session (load balancers call them). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'health');

  route({
    method: 'GET',
    url: '/healthz',
    summary: 'The process is up',
    response: ZHealthResponse,
    handler: async () => ({ status: 'ok' as const, uptimeSeconds: process.uptime() }),
  });

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary:
          'The database is reachable and migrated, and the job queue installed and its runner running (503 otherwise)',
        response: { 200: ZReadyResponse, 503: ZReadyResponse },
      },
    },
    async (_request, reply) => {
      const runner = app.deps.jobRunner?.state() ?? 'none';
      try {
        const applied = await countAppliedMigrations(app.deps.db);
        const { rows } = await sql<{ installed: boolean }>`
          SELECT to_regclass('graphile_worker.jobs') IS NOT NULL AS installed`.execute(app.deps.db);
        const schema = rows[0]?.installed ? ('installed' as const) : ('missing' as const);
        const isReady =
          applied >= knownMigrationCount &&
          schema === 'installed' &&
          (runner === 'running' || runner === 'none');
        return reply.status(isReady ? 200 : 503).send({
          status: isReady ? 'ready' : 'not-ready',
          database: 'reachable',
          migrations: { applied, known: knownMigrationCount },
          jobQueue: { schema, runner },
        });
      } catch {
        // Whatever the database answered, it is not serving: a load balancer takes this
        // instance out until it is back (the pool reconnects by itself, no restart needed).
        return reply.status(503).send({
          status: 'not-ready',
          database: 'unreachable',
          migrations: { applied: 0, known: knownMigrationCount },
          jobQueue: { schema: 'unknown', runner },
        });
      }
    },
  );
};
