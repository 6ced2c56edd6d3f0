import { ZMemberParams, ZRefundRequest, ZRefundResult } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { refundMemberCredit } from '../refund';

/** POST /api/members/:mid/refunds: pays member credit back (a bank transfer, recorded by hand). */
export const refundMemberCreditRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/members/:mid/refunds',
    {
      config: { permission: 'payments.reverse' },
      schema: {
        tags: ['credit-notes'],
        summary:
          "Record a refund of member credit by bank transfer (reference and date); more than the member's credit in that currency is a 400",
        params: ZMemberParams,
        body: ZRefundRequest,
        response: { 200: ZRefundResult },
      },
    },
    async (request) =>
      refundMemberCredit(app.deps.db, operatorActor(request), request.params.mid, request.body),
  );
};
