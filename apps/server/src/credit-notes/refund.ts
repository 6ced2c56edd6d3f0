import type { TRefundRequest, TRefundResult } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import type { Kysely } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { lockRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { memberCreditOf, refundMemberCreditIn } from '../invoices';
import { todayAtHeadquarters } from '../lib/dates';

/**
 * Pays a member's credit back by bank transfer, recorded by hand (issue 16): one `refund`
 * movement through the money engine, never more than the member's credit in that currency
 * (400 naming the amount). The member row is locked, so it cannot be deleted meanwhile.
 */
export async function refundMemberCredit(
  db: Kysely<Database>,
  actor: OperatorActor,
  mid: string,
  request: TRefundRequest,
): Promise<TRefundResult> {
  if (request.bookedOn > todayAtHeadquarters()) {
    throw badInput('body.bookedOn', 'not-future', 'The refund cannot be dated in the future.');
  }
  return writeTransaction(db, async (trx) => {
    const member = await lockRecord(trx, 'members', mid);
    const { movement } = await refundMemberCreditIn(trx, actor, {
      memberMid: mid,
      currency: request.currency,
      amountMinor: request.amountMinor,
      method: 'bank-transfer',
      bookedOn: request.bookedOn,
      reference: request.reference?.trim() || null,
      reason: request.reason.trim(),
    });
    const left = await memberCreditOf(trx, mid, request.currency);
    return {
      movementId: movement.id,
      currency: request.currency,
      amountMinor: String(request.amountMinor),
      creditLeftMinor: String(left),
      message: `${formatMoney(request.amountMinor, request.currency)} of ${member.number}'s credit refunded by bank transfer; ${formatMoney(left, request.currency)} of credit left.`,
    };
  });
}
