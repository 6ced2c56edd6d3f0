import {
  ZEmailDetail,
  ZEmailParams,
  ZEmailRetryResult,
  ZEmailsBulkRetryRequest,
  ZEmailsBulkRetryResult,
  ZEmailsListPage,
  ZEmailsListQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor } from '../http/actor';
import { emailHtmlContentSecurityPolicy } from '../http/inline-document';
import { type ListDefinition, listExportRoute } from '../lists';
import { getEmail, getEmailAttachment, getEmailHtml } from './detail';
import { emailsList, listEmails } from './list';
import { retryEmail, retryEmails } from './retry';
import { apiRoutes } from '../http/api-route';

// The policy an e-mail's HTML is shown under (the e-mail log, the template editor's preview).
export { emailHtmlContentSecurityPolicy };

type ExportRow = Record<string, string | number | null>;

/** The log as a spreadsheet reads it: one line per e-mail, recipients joined. */
const exportList: ListDefinition<Parameters<typeof emailsList.toItem>[0], ExportRow> = {
  ...emailsList,
  toItem: (row) => {
    const item = emailsList.toItem(row);
    return {
      createdAt: item.createdAt,
      state: item.state,
      to: item.to.join('; '),
      subject: item.subject,
      kind: item.kind,
      relatedTable: item.related?.table ?? null,
      relatedId: item.related?.id ?? null,
      relatedLabel: item.related?.label ?? null,
      attempts: item.attempts,
      lastError: item.lastError,
      deliveredAt: item.deliveredAt,
      deliveryMode: item.deliveryMode,
      updatedAt: item.updatedAt,
      eid: item.eid,
    };
  },
};

/** RFC 6266 filename: ASCII fallback plus the UTF-8 name. */
function contentDisposition(kind: 'attachment' | 'inline', filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The e-mail log: list, export, detail, HTML body, attachments, retry (one and many). */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'emails');

  route({
    method: 'GET',
    url: '/api/emails',
    summary:
      'The e-mail log: filters (state, kind, created days, related table), q (subject or recipient words), sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
    querystring: ZEmailsListQuery,
    response: ZEmailsListPage,
    handler: async (request) => listEmails(app.deps.db, request.query),
  });

  listExportRoute(app, 'emails', {
    summary: 'CSV of every e-mail the same filters, q and sort select, streamed',
    listQuery: ZEmailsListQuery,
    list: () => exportList,
  });

  route({
    method: 'POST',
    url: '/api/emails/bulk/retry',
    permission: 'emails.retry',
    summary:
      'Sends the failed e-mails of a selection (ids, or every e-mail of a view) back to the outbox; the others are counted as skipped',
    body: ZEmailsBulkRetryRequest,
    response: ZEmailsBulkRetryResult,
    handler: async (request) => retryEmails(app.deps.db, operatorActor(request), request.body),
  });

  route({
    method: 'GET',
    url: '/api/emails/:eid',
    summary:
      'One e-mail: headers, text, attachments, state and every delivery attempt (the HTML is served apart, sandboxed)',
    params: ZEmailParams,
    response: ZEmailDetail,
    handler: async (request) => getEmail(app.deps.db, request.params.eid),
  });

  app.get(
    '/api/emails/:eid/html',
    {
      schema: {
        tags: ['emails'],
        summary:
          'The HTML body as a sandboxed document: CSP sandbox, no scripts, no network, images only inline',
        params: ZEmailParams,
      },
    },
    async (request, reply) => {
      const html = await getEmailHtml(app.deps.db, request.params.eid);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', emailHtmlContentSecurityPolicy)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'private, no-cache')
        .send(html);
    },
  );

  app.get(
    '/api/emails/:eid/attachments/:position',
    {
      schema: {
        tags: ['emails'],
        summary: 'One attachment of an e-mail, as a download',
        params: ZEmailParams.extend({ position: z.coerce.number().int().min(0).max(1_000) }),
      },
    },
    async (request, reply) => {
      const file = await getEmailAttachment(
        app.deps.db,
        request.params.eid,
        request.params.position,
      );
      return reply
        .type(file.content_type)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('content-security-policy', emailHtmlContentSecurityPolicy)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(file.content);
    },
  );

  route({
    method: 'POST',
    url: '/api/emails/:eid/retry',
    permission: 'emails.retry',
    summary:
      'Sends a failed e-mail (ERROR) back to the outbox (RETRY) with a fresh attempt budget; audited',
    params: ZEmailParams,
    response: ZEmailRetryResult,
    handler: async (request) => retryEmail(app.deps.db, operatorActor(request), request.params.eid),
  });
};
