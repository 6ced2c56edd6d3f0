import { z } from 'zod';

/** A change of a record, as the change stream sends it. */
export const ZChangeEvent = z
  .object({
    table: z.string(),
    id: z
      .string()
      .describe("The record's id, or '*' when one statement changed more than 100 records"),
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
