import {
  ZBankStatementParams,
  ZConfirmSuggestionsRequest,
  ZConfirmSuggestionsResult,
} from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { confirmStatementSuggestions } from '../actions/confirm-suggestions';
import { mailContextOf } from '../../http/mail-context';
import { apiRoutes } from '../../http/api-route';

/** POST /api/bank-statements/:bsid/confirm-suggestions: books every suggestion of a statement. */
export const confirmSuggestionsRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'POST',
    url: '/api/bank-statements/:bsid/confirm-suggestions',
    permission: 'bank-statements.import',
    summary:
      'Books every suggested payment of a statement in one transaction; one that can no longer be booked stays in the queue with why',
    params: ZBankStatementParams,
    body: ZConfirmSuggestionsRequest.nullish(),
    response: ZConfirmSuggestionsResult,
    handler: async (request) =>
      confirmStatementSuggestions(
        app.deps.db,
        operatorActor(request),
        request.params.bsid,
        request.body,
        mailContextOf(app),
      ),
  });
};
