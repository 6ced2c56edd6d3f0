import { ZMemberParams, ZRefundRequest, ZRefundResult } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { refundMemberCredit } from '../refund';
import { apiRoutes } from '../../http/api-route';

/** POST /api/members/:mid/refunds: pays member credit back (a bank transfer, recorded by hand). */
export const refundMemberCreditRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'credit-notes');

  route({
    method: 'POST',
    url: '/api/members/:mid/refunds',
    permission: 'payments.reverse',
    summary:
      "Record a refund of member credit by bank transfer (reference and date); more than the member's credit in that currency is a 400",
    params: ZMemberParams,
    body: ZRefundRequest,
    response: ZRefundResult,
    handler: async (request) =>
      refundMemberCredit(app.deps.db, operatorActor(request), request.params.mid, request.body),
  });
};
