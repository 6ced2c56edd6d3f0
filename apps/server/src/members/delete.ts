import type { TMemberDetail } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { checkRecordVersion, lockRecord, recordLabel, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { requireMemberDetail } from './detail';
import { countAssociationLinks, lockLiveMember } from './live-member';
import { clock } from '../lib/clock';

export type DeleteMemberOptions = { mid: string; reason: string; version: number };

/**
 * Soft-deletes a member (it leaves the lists and search; its records stay, and it can be
 * restored). Refused while money is owed (issued, unpaid invoices: void them or record the
 * payment first, so that no receivable disappears from view) and while it is the national
 * association of live members or countries (link them elsewhere first). A membership that ends
 * is terminated or resigned, not deleted: deleting is for records that should not exist, such
 * as a duplicate or a test.
 */
export async function deleteMember(
  db: Kysely<Database>,
  actor: Actor,
  options: DeleteMemberOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await lockLiveMember(trx, options.mid);
    await checkRecordVersion(trx, 'members', row, options.version);
    const unpaid = await trx
      .selectFrom('invoices')
      .select([(eb) => eb.fn.countAll<string>().as('n'), 'currency'])
      .select((eb) => eb.fn.sum<string>('total_minor').as('total'))
      .where('member_mid', '=', row.mid)
      .where('status', '=', 'issued')
      .groupBy('currency')
      .execute();
    if (unpaid.length > 0) {
      const count = unpaid.reduce((sum, group) => sum + Number(group.n), 0);
      const amounts = unpaid
        .map((group) => `${group.currency} ${(Number(group.total) / 100).toFixed(2)}`)
        .join(', ');
      throw badInput(
        'params.mid',
        'unpaid-invoices',
        `${recordLabel('members', row)} has ${count} unpaid invoice(s) (${amounts}). Void them or record the payment before deleting the member.`,
      );
    }
    const links = await countAssociationLinks(trx, row.mid);
    if (links.members + links.countries > 0) {
      throw badInput(
        'params.mid',
        'referenced',
        `${recordLabel('members', row)} is the national association of ${links.members} member(s) and ${links.countries} country(ies). Link them to another association before deleting it.`,
      );
    }
    await updateRecord(
      trx,
      actor,
      'members',
      row,
      { deleted_at: clock.now() },
      { action: 'delete', reason: options.reason.trim() },
    );
  });
  return requireMemberDetail(db, options.mid);
}

export type RestoreMemberOptions = { mid: string; reason: string; version: number };

/** Brings a soft-deleted member back into the lists and search. */
export async function restoreMember(
  db: Kysely<Database>,
  actor: Actor,
  options: RestoreMemberOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'members', options.mid);
    if (!row.deleted_at) {
      throw badInput('params.mid', 'not-deleted', `${recordLabel('members', row)} is not deleted.`);
    }
    await checkRecordVersion(trx, 'members', row, options.version);
    await updateRecord(
      trx,
      actor,
      'members',
      row,
      { deleted_at: null },
      { action: 'restore', reason: options.reason.trim() },
    );
  });
  return requireMemberDetail(db, options.mid);
}
