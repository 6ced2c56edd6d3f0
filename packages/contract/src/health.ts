import { z } from 'zod';

export const ZHealthResponse = z
  .object({ status: z.literal('ok'), uptimeSeconds: z.number() })
  .describe('The process is up');

export const ZReadyResponse = z
  .object({
    status: z.enum(['ready', 'not-ready']),
    database: z.enum(['reachable', 'unreachable']),
    migrations: z.object({
      applied: z.number().int().describe('Migrations applied in this database'),
      known: z.number().int().describe('Migrations this build knows'),
    }),
    jobQueue: z
      .object({
        schema: z
          .enum(['installed', 'missing', 'unknown'])
          .describe(
            "graphile-worker's schema in the database (unknown: the database is unreachable)",
          ),
        runner: z
          .enum(['running', 'restarting', 'stopped', 'none'])
          .describe(
            "This instance's job runner: restarting after a lost database, stopped while the server stops, none where this process runs no jobs",
          ),
      })
      .describe('The job queue (issue 20)'),
  })
  .describe(
    'The database is reachable, every migration of this build is applied, and the job queue is installed and (where this instance runs one) its runner running',
  );
export type TReadyResponse = z.infer<typeof ZReadyResponse>;
