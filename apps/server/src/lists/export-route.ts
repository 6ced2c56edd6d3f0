import { listExportColumns } from '@ops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { sendListExport, type ExportColumn, type ListDefinition } from './run-list';

/**
 * The app as this helper needs it: its database named here rather than through the `deps`
 * augmentation of app.ts, so that programs which reach the lists without the app (bench) type it.
 */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0] & { deps: { db: Kysely<Database> } };

/** A list's query as its export reads it: every matching row, so no cursor and no limit. */
export type ListExportQuery<Q extends z.ZodObject> = Omit<z.output<Q>, 'cursor' | 'limit'>;

/**
 * The CSV export of a list, `GET /api/<name>/export`: the whole selection of its filters, `q` and
 * sort (not only a page), streamed as `<name>-<day>.csv`. Every list of the console exports
 * through this one route shape (the same schema, the same streaming), so an area declares only
 * what differs: its summary, its query, the list of one request, and columns when they are not
 * the definition's headers. Operators only, as every route without its own access.
 */
export function listExportRoute<Q extends z.ZodObject, Row extends Record<string, unknown>, Item>(
  app: ZodApp,
  name: string,
  declared: {
    summary: string;
    /** The list's query (`Z…ListQuery`): the export takes it without cursor and limit. */
    listQuery: Q;
    /** The list of one request (a per-request definition may read the database first). */
    list: (
      query: ListExportQuery<Q>,
      request: FastifyRequest,
    ) => ListDefinition<Row, Item> | Promise<ListDefinition<Row, Item>>;
    /** The spreadsheet's columns, when not the headers of the list's definition. */
    columns?: readonly ExportColumn[];
    /** The tag of the API documentation, when not the name. */
    tag?: string;
    /** The query the rows are selected by, when the list reads the request's otherwise. */
    query?: (query: ListExportQuery<Q>) => ListExportQuery<Q>;
  },
): void {
  const querystring = (declared.listQuery as z.ZodObject).omit({ cursor: true, limit: true });
  app.get(
    `/api/${name}/export`,
    { schema: { tags: [declared.tag ?? name], summary: declared.summary, querystring } },
    async (request, reply) => {
      const query = request.query as ListExportQuery<Q>;
      const list = await declared.list(query, request);
      return sendListExport(request, reply, {
        db: app.deps.db,
        list,
        query: declared.query ? declared.query(query) : query,
        columns: declared.columns ?? listExportColumns(list.spec.definition),
        filename: name,
      });
    },
  );
}
