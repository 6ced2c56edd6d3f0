import { z } from 'zod';

/** A change of a record, as the change stream sends it. */
export const ZChangeEvent = z
  .object({
    table: z.string(),
    id: z.string(),
    op: z.enum(['insert', 'update', 'delete']),
  })
  .describe('A record changed');
export type TChangeEvent = z.infer<typeof ZChangeEvent>;

export const ZChangeStreamQuery = z.object({
  tables: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, 'comma-separated table names')
    .describe('Tables to follow, comma-separated, e.g. "search_tasks"'),
});
