import type { TAssociationLinkRepair, TMemberFixResult } from '@ops/contract';
import type { Actor } from '../../db/audit';
import { lockRecord, updateRecord } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { isLiveAssociation } from './association-targets';
import { lockMemberToRepair, type Db, type MemberRow, type Trx } from './fix-member';

const action = 'fix:association-link';

/** A live association to link to, or a 400 naming `body.associationMid`. */
async function requireLiveAssociation(
  trx: Trx,
  mid: string | undefined,
  holderMid: string | null,
): Promise<MemberRow> {
  if (!mid) {
    throw badInput('body.associationMid', 'required', 'Choose the association to link to.');
  }
  const row = await trx
    .selectFrom('members')
    .selectAll()
    .where('mid', '=', mid)
    .forShare()
    .executeTakeFirst();
  if (!row || !isLiveAssociation(row)) {
    throw badInput(
      'body.associationMid',
      'association',
      row
        ? `${row.number} ${row.legal_name} is not a live association member.`
        : `No member has the id ${mid}.`,
    );
  }
  if (row.mid === holderMid) {
    throw badInput(
      'body.associationMid',
      'self',
      'A member cannot be its own national association.',
    );
  }
  return row;
}

/** The member a link points to now, unless it is a live association (then nothing is to fix). */
async function requireBadLink(
  trx: Trx,
  linkedMid: string | null,
  holder: string,
): Promise<MemberRow> {
  const current = linkedMid
    ? await trx.selectFrom('members').selectAll().where('mid', '=', linkedMid).executeTakeFirst()
    : undefined;
  if (!current || isLiveAssociation(current)) {
    throw badInput(
      'body.id',
      'check',
      `The national association of ${holder} is ${current ? 'a live association' : 'not set'}; nothing to fix.`,
    );
  }
  return current;
}

async function repairMemberLink(
  trx: Trx,
  actor: Actor,
  input: TAssociationLinkRepair,
): Promise<TMemberFixResult> {
  const before = await lockMemberToRepair(trx, input.id, input.version, 'body.id');
  const current = await requireBadLink(
    trx,
    before.national_association_mid,
    `member ${before.number}`,
  );
  const target =
    input.action === 'relink'
      ? await requireLiveAssociation(trx, input.associationMid, before.mid)
      : null;
  const was = `${current.number} ${current.legal_name}`;
  const after = await updateRecord(
    trx,
    actor,
    'members',
    before,
    { national_association_mid: target?.mid ?? null },
    {
      action,
      reason: target
        ? `Fix "association links": ${was} is not a live association; relinked to ${target.number} ${target.legal_name}.`
        : `Fix "association links": ${was} is not a live association; link cleared.`,
    },
  );
  return {
    check: 'association-link',
    message: target
      ? `${before.number} ${before.legal_name} now belongs to ${target.number} ${target.legal_name}.`
      : `The national association of ${before.number} ${before.legal_name} was cleared.`,
    changed: [{ table: 'members', id: after.mid, version: after.version }],
  };
}

async function repairCountryLink(
  trx: Trx,
  actor: Actor,
  input: TAssociationLinkRepair,
): Promise<TMemberFixResult> {
  const before = await lockRecord(trx, 'countries', input.id.toUpperCase(), {
    version: input.version,
  });
  const current = await requireBadLink(trx, before.national_association_mid, before.name);
  const target =
    input.action === 'relink'
      ? await requireLiveAssociation(trx, input.associationMid, null)
      : null;
  const was = `${current.number} ${current.legal_name}`;
  const after = await updateRecord(
    trx,
    actor,
    'countries',
    before,
    { national_association_mid: target?.mid ?? null },
    {
      action,
      reason: target
        ? `Fix "association links": ${was} is not a live association; ${before.name}'s national association is now ${target.number} ${target.legal_name}.`
        : `Fix "association links": ${was} is not a live association; ${before.name}'s national association cleared.`,
    },
  );
  return {
    check: 'association-link',
    message: target
      ? `${before.name}'s national association is now ${target.number} ${target.legal_name}.`
      : `${before.name}'s national association was cleared.`,
    changed: [{ table: 'countries', id: after.iso2, version: after.version }],
  };
}

/** Clears a bad national-association link of a member or country, or relinks it. */
export function repairAssociationLink(
  db: Db,
  actor: Actor,
  input: TAssociationLinkRepair,
): Promise<TMemberFixResult> {
  return writeTransaction(db, (trx) =>
    input.kind === 'member'
      ? repairMemberLink(trx, actor, input)
      : repairCountryLink(trx, actor, input),
  );
}
