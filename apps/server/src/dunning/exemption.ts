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
 * Writes the member's exemption (until and reason both null: none), locked at the version the
 * operator read and audited as every member write, the reason as the entry's `_reason`; answers
 * with the member's dunning facts and the message `describe` makes of the member's label.
 */
function writeExemption(
  db: Kysely<Database>,
  actor: Actor,
  mid: string,
  exemption: { version: number; until: string | null; reason: string | null },
  describe: (member: string) => string,
): Promise<TMemberDunningExemptionResult> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'members', mid, { version: exemption.version });
    const updated = await updateRecord(
      trx,
      actor,
      'members',
      row,
      { dunning_exempt_until: exemption.until, dunning_exempt_reason: exemption.reason },
      { action: 'dunning-exemption', reason: exemption.reason },
    );
    return {
      dunning: await memberDunningOf(trx, mid),
      version: updated.version,
      message: describe(recordLabel('members', row)),
    };
  });
}

/**
 * PUT /api/members/:mid/dunning-exemption: the member is not chased until the day (a payment
 * plan), with the reason; version-checked and audited as every member write (the reason is the
 * entry's `_reason`).
 */
export function setDunningExemption(
  db: Kysely<Database>,
  actor: Actor,
  mid: string,
  request: TMemberDunningExemption,
): Promise<TMemberDunningExemptionResult> {
  return writeExemption(
    db,
    actor,
    mid,
    request,
    (member) => `${member} is not chased for unpaid invoices until ${formatDate(request.until)}.`,
  );
}

/** DELETE /api/members/:mid/dunning-exemption: chased again from the next run. */
export function clearDunningExemption(
  db: Kysely<Database>,
  actor: Actor,
  mid: string,
  request: TMemberDunningExemptionClear,
): Promise<TMemberDunningExemptionResult> {
  return writeExemption(
    db,
    actor,
    mid,
    { version: request.version, until: null, reason: null },
    (member) => `${member} is chased for unpaid invoices again from the next dunning run.`,
  );
}
