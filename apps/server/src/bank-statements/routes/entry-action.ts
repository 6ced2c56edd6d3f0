import type { OperatorAction } from '@ops/contract';
import { ZBankEntryActionResult, ZBankEntryParams } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import { operatorActor } from '../../http/actor';
import { apiRoutes } from '../../http/api-route';
import type { EntryActionOutcome } from '../actions/confirm';
import type { EntryBookingContext } from '../book-entry';
import { requireBankEntryDetail } from '../detail';
import { mailContextOf } from '../../http/mail-context';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One action of an operator on a bank entry, `POST /api/bank-entries/:beid/<action>`: the action
 * runs at the version read, and the answer is the entry as it is now beside what the action did
 * (its message and the members it changed). Confirm, assign, ignore and reverse answer alike; an
 * action that only marks the entry returns its message, and changes no member.
 */
export function bankEntryActionRoute<B extends z.ZodType>(
  app: ZodApp,
  declared: {
    action: 'confirm' | 'assign' | 'ignore' | 'reverse';
    permission: OperatorAction;
    summary: string;
    body: B;
    act: (
      db: Kysely<Database>,
      actor: Actor,
      beid: string,
      body: z.output<B>,
      // What a booking needs (rule 2's certificate e-mails); an action that books nothing
      // takes no context.
      context: EntryBookingContext,
    ) => Promise<EntryActionOutcome | string>;
  },
): void {
  const route = apiRoutes(app, 'bank-statements');
  route({
    method: 'POST',
    url: `/api/bank-entries/:beid/${declared.action}`,
    permission: declared.permission,
    summary: declared.summary,
    params: ZBankEntryParams,
    body: declared.body,
    response: ZBankEntryActionResult,
    handler: async (request) => {
      const { beid } = request.params;
      // The body is the declared schema's output (apiRoutes types a generic body loosely).
      const body = request.body as z.output<B>;
      const actor = operatorActor(request);
      const done = await declared.act(app.deps.db, actor, beid, body, mailContextOf(app));
      const outcome = typeof done === 'string' ? { message: done, memberEffects: [] } : done;
      return { entry: await requireBankEntryDetail(app.deps.db, beid), ...outcome };
    },
  });
}
