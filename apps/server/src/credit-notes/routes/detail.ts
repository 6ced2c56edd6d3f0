import { ZCreditNoteDetail, ZCreditNoteParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCreditNoteDetail } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** GET /api/credit-notes/:cnid: one credit note with its invoice, member, lines and effect. */
export const creditNoteDetailRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'credit-notes');

  route({
    method: 'GET',
    url: '/api/credit-notes/:cnid',
    summary: 'One credit note: the invoice it credits, its lines, total, reason and effect',
    params: ZCreditNoteParams,
    response: ZCreditNoteDetail,
    handler: async (request) => getCreditNoteDetail(app.deps.db, request.params.cnid),
  });
};
