import { isFinanceReport, ZReport, ZReportParams, ZReportQuery } from '@ops/contract/reports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/access';
import { reportCsv } from './csv';
import { runReport } from './run-report';
import { reportWorkbook, xlsxContentType } from './xlsx';

/**
 * Reports (issue 18): one route for every report, JSON by default, `format=csv` or `xlsx` for
 * the same table as a file. Operators only (the default access); the finance reports need
 * `reports.finance` (finance and admin), checked per name before anything is read.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/:name',
    {
      schema: {
        tags: ['reports'],
        summary:
          'A report with the filters as query parameters: its columns and rows (JSON), or the same table as CSV or XLSX',
        params: ZReportParams,
        querystring: ZReportQuery,
        response: {
          200: {
            description: 'The report (JSON), or its table as a CSV or XLSX file',
            content: {
              'application/json': { schema: ZReport },
              'text/csv': { schema: z.string().describe('UTF-8 with a byte-order mark') },
              [xlsxContentType]: {
                schema: z.string().meta({ format: 'binary' }).describe('An Excel workbook'),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (isFinanceReport(name)) requirePermission(request, 'reports.finance');
      const { format = 'json', ...filters } = request.query;
      const report = await runReport(app.deps.db, name, filters);
      if (format === 'json') return report;
      const filename = `${name}-${report.filters.to}.${format}`;
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(reportCsv(report));
      // The type provider types `send` by the schemas, which describe text; a workbook is bytes,
      // which Fastify sends as they are.
      const bytes = reply as unknown as FastifyReply;
      return bytes.type(xlsxContentType).send(await reportWorkbook(report));
    },
  );
};
