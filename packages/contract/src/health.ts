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
  })
  .describe('The database is reachable and every migration of this build is applied');
export type TReadyResponse = z.infer<typeof ZReadyResponse>;
