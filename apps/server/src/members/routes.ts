import { pipeline, Readable } from 'node:stream';
import { ZMembersListPage, ZMembersListQuery } from '@ops/contract';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allMembersOf, listMembers } from './list';

/** The export's columns, as a person reads them in a spreadsheet. */
const exportColumns = [
  { key: 'number', header: 'Membership number' },
  { key: 'legalName', header: 'Legal name' },
  { key: 'tradeName', header: 'Trade name' },
  { key: 'countryIso2', header: 'Country code' },
  { key: 'countryName', header: 'Country' },
  { key: 'category', header: 'Category' },
  { key: 'status', header: 'Status' },
  { key: 'joinedOn', header: 'Joined' },
  { key: 'paidThroughYear', header: 'Paid through' },
  { key: 'mid', header: 'Id' },
];

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members',
    {
      schema: {
        tags: ['members'],
        summary:
          'The members list: filters per column, full-text q, sort, keyset pages (cursor) and an estimated total',
        querystring: ZMembersListQuery,
        response: { 200: ZMembersListPage },
      },
    },
    async (request) => listMembers(app.deps.db, request.query),
  );

  app.get(
    '/api/members/export',
    {
      schema: {
        tags: ['members'],
        summary:
          'CSV of every member the same filters, q and sort select (not only a page), streamed',
        querystring: ZMembersListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) => {
      // Bad filters are a 400 before the first byte goes out, not a broken download.
      await listMembers(app.deps.db, { ...request.query, limit: 1 }, { withEstimate: false });
      const today = new Date().toISOString().slice(0, 10);
      // A byte-order mark, so that Excel reads the names' accents as UTF-8.
      const csv = stringify({
        header: true,
        columns: exportColumns,
        bom: true,
        cast: { number: String },
      });
      pipeline(Readable.from(allMembersOf(app.deps.db, request.query)), csv, (error) => {
        if (error) request.log.error({ err: error }, 'members export failed');
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${today}.csv"`)
        .send(csv);
    },
  );
};
