import {
  haveDifferentVatNumbers,
  type TMemberFixResult,
  type TMergeMembersRequest,
  type TMergeMoved,
} from '@ops/contract';
import type { Actor } from '../../db/audit';
import { lockRecords, updateRecord } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { lockMemberToRepair, plural, type Db, type MemberRow, type Trx } from './fix-member';
import { fillFromMerged } from './merge-fill';
import {
  changedLinks,
  countMoved,
  countReferences,
  memberReferences,
  moveReferences,
} from './merge-references';
import { clock } from '../../lib/clock';

type MergePair = { survivorMid: string; mergedMid: string };

/** Both members locked, live and at the versions the person read. */
async function lockPair(
  trx: Trx,
  input: TMergeMembersRequest,
): Promise<{ survivor: MemberRow; merged: MemberRow }> {
  // Lock both in id order, so that two merges of the same pair cannot deadlock.
  await lockRecords(trx, 'members', [input.survivorMid, input.mergedMid]);
  const survivor = await lockMemberToRepair(
    trx,
    input.survivorMid,
    input.survivorVersion,
    'body.survivorMid',
  );
  const merged = await lockMemberToRepair(
    trx,
    input.mergedMid,
    input.mergedVersion,
    'body.mergedMid',
  );
  return { survivor, merged };
}

/**
 * Two VAT numbers usually mean two companies: such a merge needs an explicit flag, so that
 * neither a hurried click nor a script merges them by accident.
 */
function requireConfirmedVatNumbers(
  survivor: MemberRow,
  merged: MemberRow,
  input: TMergeMembersRequest,
): void {
  if (
    haveDifferentVatNumbers(survivor.vat_number, merged.vat_number) &&
    input.confirmDifferentVatNumbers !== true
  ) {
    throw badInput(
      'body.confirmDifferentVatNumbers',
      'different-vat-numbers',
      `${survivor.number} has the VAT number ${survivor.vat_number ?? ''} and ${merged.number} has ${merged.vat_number ?? ''}: different VAT numbers usually mean different companies. Send confirmDifferentVatNumbers: true to merge them anyway.`,
    );
  }
}

/** A national association of others is merged only into an association, never into a company. */
async function requireAssociationSurvivor(
  trx: Trx,
  survivor: MemberRow,
  merged: MemberRow,
  pair: MergePair,
): Promise<void> {
  if (merged.category !== 'association' || survivor.category === 'association') return;
  const links = memberReferences.filter(
    (reference) => reference.countedAs === 'memberLinks' || reference.countedAs === 'countryLinks',
  );
  let linkCount = 0;
  for (const reference of links) linkCount += await countReferences(trx, reference, pair);
  if (linkCount > 0) {
    throw badInput(
      'body.survivorMid',
      'association-survivor',
      `${merged.number} is the national association of other members or countries; keep an association (not the ${survivor.category} member ${survivor.number}) as the survivor.`,
    );
  }
}

/** "1 user, 2 invoices (1 paid: only their member link moved), …" */
function describeMoved(moved: TMergeMoved): string {
  return [
    plural(moved.users, 'user'),
    `${plural(moved.invoices, 'invoice')}${moved.paidInvoices > 0 ? ` (${moved.paidInvoices} paid: only their member link moved)` : ''}`,
    plural(moved.certificates, 'certificate'),
    plural(moved.applications, 'application'),
    plural(moved.emails, 'e-mail'),
    plural(moved.memberLinks + moved.countryLinks, 'association link'),
  ].join(', ');
}

/**
 * Merges one member into another in one transaction: users, invoices, certificates,
 * applications, the e-mails about it and the association links (members' and countries') move to
 * the survivor (`memberReferences`), the survivor's empty fields are filled from the merged
 * member, and the merged member is soft-deleted. Every moved record and both members get an audit
 * entry. A paid invoice keeps everything but its member link, and its audit entry says so.
 */
export function mergeMembers(
  db: Db,
  actor: Actor,
  input: TMergeMembersRequest,
): Promise<TMemberFixResult> {
  if (input.survivorMid === input.mergedMid) {
    throw badInput('body.mergedMid', 'distinct', 'Choose two different members to merge.');
  }
  const check = input.check ?? 'merge';
  const action = `fix:${check}`;
  return writeTransaction(db, async (trx) => {
    const { survivor, merged } = await lockPair(trx, input);
    requireConfirmedVatNumbers(survivor, merged, input);
    const pair: MergePair = { survivorMid: survivor.mid, mergedMid: merged.mid };
    await requireAssociationSurvivor(trx, survivor, merged, pair);

    const why = `merged ${merged.number} into ${survivor.number}`;
    const moves = await moveReferences(trx, actor, action, pair, why);
    const moved = countMoved(moves);
    const movedWords = describeMoved(moved);

    const { changes, filled } = fillFromMerged(survivor, merged);
    const survivorAfter = await updateRecord(trx, actor, 'members', survivor, changes, {
      action,
      reason: `Fix: ${merged.number} ${merged.legal_name} was merged into this member; moved here: ${movedWords}${filled.length > 0 ? `; filled from it: ${filled.join(', ')}` : ''}.`,
      details: { _mergedFrom: { mid: merged.mid, number: merged.number }, _moved: moved },
    });
    const mergedAfter = await updateRecord(
      trx,
      actor,
      'members',
      merged,
      { deleted_at: clock.now() },
      {
        action,
        reason: `Fix: merged into ${survivor.number} ${survivor.legal_name} and deleted; moved there: ${movedWords}.`,
        details: { _mergedInto: { mid: survivor.mid, number: survivor.number }, _moved: moved },
      },
    );

    return {
      check,
      message: `${merged.number} was merged into ${survivor.number} ${survivor.legal_name} and deleted. Moved: ${movedWords}.${filled.length > 0 ? ` Filled in: ${filled.map((field) => field.replaceAll('_', ' ')).join(', ')}.` : ''}`,
      changed: [
        { table: 'members', id: survivorAfter.mid, version: survivorAfter.version },
        { table: 'members', id: mergedAfter.mid, version: mergedAfter.version },
        ...changedLinks(moves),
      ],
      merge: {
        survivorMid: pair.survivorMid,
        mergedMid: pair.mergedMid,
        moved,
        filledFields: filled,
      },
    };
  });
}
