import type {
  TMemberDunningExemption,
  TMemberDunningExemptionClear,
  TMemberDunningExemptionResult,
} from '@ops/contract';
import { formatDate } from '@ops/contract/display-format';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, recordLabel, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { memberDunningOf } from '../members';

/**
 * PUT /api/members/:mid/dunning-exemption: the member is not chased until the day (a payment
 * plan), with the reason; version-checked and audited as every member write (the reason is the
 * entry's `_reason`).
 */
export async function setDunningExemption(
  db: Kysely<Database>,
  actor: Actor,
  mid: string,
  request: TMemberDunningExemption,
): Promise<TMemberDunningExemptionResult> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'members', mid, { version: request.version });
    const updated = await updateRecord(
      trx,
      actor,
      'members',
      row,
      { dunning_exempt_until: request.until, dunning_exempt_reason: request.reason },
      { action: 'dunning-exemption', reason: request.reason },
    );
    return {
      dunning: await memberDunningOf(trx, mid),
      version: updated.version,
      message: `${recordLabel('members', row)} is not chased for unpaid invoices until ${formatDate(request.until)}.`,
    };
  });
}

/** DELETE /api/members/:mid/dunning-exemption: chased again from the next run. */
export async function clearDunningExemption(
  db: Kysely<Database>,
  actor: Actor,
  mid: string,
  request: TMemberDunningExemptionClear,
): Promise<TMemberDunningExemptionResult> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'members', mid, { version: request.version });
    const updated = await updateRecord(
      trx,
      actor,
      'members',
      row,
      { dunning_exempt_until: null, dunning_exempt_reason: null },
      { action: 'dunning-exemption' },
    );
    return {
      dunning: await memberDunningOf(trx, mid),
      version: updated.version,
      message: `${recordLabel('members', row)} is chased for unpaid invoices again from the next dunning run.`,
    };
  });
}
