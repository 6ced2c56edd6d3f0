import {
  memberEndingStatuses,
  nextMemberStatuses,
  type TMemberDetail,
  type TMemberStatus,
} from '@ops/contract';
import { memberStatusLabels } from '@ops/contract/labels';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { checkRecordVersion, recordLabel, updateRecord, type RecordChanges } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';
import { requireMemberDetail } from './detail';
import { lockLiveMember, type MemberRow } from './live-member';

/** A status inside a sentence: "pending payment", as the console writes it, not the code. */
const inWords = (status: TMemberStatus) => memberStatusLabels[status].toLowerCase();

export type ChangeMemberStatusOptions = {
  mid: string;
  status: TMemberStatus;
  reason: string;
  version: number;
};

/**
 * Moves a member along its life cycle (contract `memberStatusTransitions`). Ending statuses
 * (terminated, resigned) need a reason and set the termination date and reason; the first
 * activation sets the joining date if it had none. The reason is kept in the audit entry.
 */
export async function changeMemberStatus(
  db: Kysely<Database>,
  actor: Actor,
  options: ChangeMemberStatusOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await lockLiveMember(trx, options.mid);
    await checkRecordVersion(trx, 'members', row, options.version);
    await writeMemberStatus(trx, actor, row, options.status, options.reason);
  });
  return requireMemberDetail(db, options.mid);
}

/**
 * Inside the caller's transaction, on the member row it locked: the life-cycle move with its
 * rules (400 naming `body.status` or `body.reason`), audited. The console's status change and an
 * approved request to close the account from the portal (issue 35) share it.
 */
export async function writeMemberStatus(
  trx: Transaction<Database>,
  actor: Actor,
  row: MemberRow,
  target: TMemberStatus,
  reasonGiven: string,
): Promise<void> {
  if (target === row.status) {
    throw badInput(
      'body.status',
      'transition',
      `${recordLabel('members', row)} is already ${inWords(target)}.`,
    );
  }
  const allowed = nextMemberStatuses(row.category, row.status);
  if (!allowed.includes(target)) {
    const message =
      target === 'overdue' && row.category === 'honorary'
        ? 'Honorary members are never overdue.'
        : `A ${inWords(row.status)} member cannot become ${inWords(target)}; ${
            allowed.length > 0
              ? `it can become ${allowed.map(inWords).join(' or ')}`
              : 'that status is final'
          }.`;
    throw badInput('body.status', 'transition', message);
  }
  const reason = reasonGiven.trim();
  const isEnding = memberEndingStatuses.includes(target);
  if (isEnding && reason === '') {
    throw badInput('body.reason', 'required', `Say why the membership is ${target}.`);
  }
  const changes: RecordChanges<'members'> = { status: target };
  if (isEnding) {
    changes.terminated_on = todayAtHeadquarters();
    changes.termination_reason = reason;
  }
  if (target === 'active' && row.joined_on === null) {
    changes.joined_on = todayAtHeadquarters();
  }
  await updateRecord(trx, actor, 'members', row, changes, { action: 'status', reason });
}
