import {
  ZMoneyMovementParams,
  ZMoneyMovementReverseRequest,
  ZMoneyMovementReverseResult,
  type TMoneyMovementReverseResult,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { returnEntryOfMovementToQueueIn } from '../../bank-statements';
import type { Actor } from '../../db/audit';
import { lockRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { operatorActor } from '../../http/actor';
import { requireInvoiceDetail } from '../detail';
import { reverseMovementIn } from '../money/reverse';
import { apiRoutes } from '../../http/api-route';

/**
 * Reverses one booking (payment, write-off, applied credit, refund) by counter-booking, through
 * the money engine: the invoice returns to its earlier state. A bank payment's entry goes back
 * to the Unmatched payments queue (the bank statements area does that part); its row is locked
 * first, as that area's own reverse locks it first, so the two never wait on each other.
 */
export async function reverseMovement(
  db: Kysely<Database>,
  actor: Actor,
  movementId: string,
  reason: string,
): Promise<TMoneyMovementReverseResult> {
  return writeTransaction(db, async (trx) => {
    const booked = await trx
      .selectFrom('bank_entries')
      .select('beid')
      .where('movement_id', '=', movementId)
      .executeTakeFirst();
    if (booked) await lockRecord(trx, 'bank_entries', booked.beid);
    const reversal = await reverseMovementIn(trx, actor, movementId, reason);
    const entry = await returnEntryOfMovementToQueueIn(trx, actor, movementId, reason);
    return {
      invoice: reversal.invoice ? await requireInvoiceDetail(trx, reversal.invoice.iid) : null,
      message: entry
        ? `${reversal.message} The bank payment is back in the Unmatched payments queue.`
        : reversal.message,
      bankEntryId: entry?.beid ?? null,
    };
  });
}

/** POST /api/money-movements/:id/reverse: undo a booking, with the reason (finance role). */
export const reverseMovementRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'POST',
    url: '/api/money-movements/:id/reverse',
    permission: 'payments.reverse',
    summary:
      "Reverses a booking by counter-booking: the invoice's balance reopens (a paid invoice is issued again) and a bank payment returns to the Unmatched payments queue",
    params: ZMoneyMovementParams,
    body: ZMoneyMovementReverseRequest,
    response: ZMoneyMovementReverseResult,
    handler: async (request) =>
      reverseMovement(app.deps.db, operatorActor(request), request.params.id, request.body.reason),
  });
};
