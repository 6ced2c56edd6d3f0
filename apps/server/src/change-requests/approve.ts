import { companyFieldLabels, type TChangeRequestDecision, type TCompanyData } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database, StoredFieldChange } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { clock } from '../lib/clock';
import { badInput } from '../errors';
import { lockLiveMember, writeMemberChanges, writeMemberStatus } from '../members';
import { fieldWords } from './company-fields';
import { getChangeRequestDetail } from './detail';
import { memberChangedSince } from './member-changed-since';
import { refuseDecided } from './decided';

/**
 * `POST /api/change-requests/{id}/approve` in the console: the requested values (or the
 * operator's edited ones, "edit then approve") are written to the member through the records
 * store with the members' own rules, audited as the operator, in one transaction with the
 * request's decision. The operator names the member's version they looked at: if the member
 * changed since (a colleague editing it, a direct change from the portal), it is a 409 naming who
 * changed which fields, never a silent overwrite.
 */
export async function approveChangeRequest(
  db: Kysely<Database>,
  actor: Actor & { uid: string },
  id: string,
  body: { version: number; memberVersion: number; values?: Partial<TCompanyData> | undefined },
): Promise<TChangeRequestDecision> {
  const message = await writeTransaction(db, async (trx) => {
    const request = await lockRecord(trx, 'member_change_requests', id, {
      version: body.version,
    });
    refuseDecided(request);
    const member = await lockLiveMember(trx, request.member_mid);
    if (member.version !== body.memberVersion) {
      throw await memberChangedSince(trx, member, body.memberVersion);
    }
    const label = `Member ${member.number} (${member.legal_name})`;
    if (request.kind === 'close-account') {
      if (body.values) {
        throw badInput('body.values', 'unrecognized_keys', 'A request to close has no values.');
      }
      // The member's own wish to leave is a resignation (its life cycle's rules apply: an
      // overdue member settles first, or staff terminate it from its page).
      await writeMemberStatus(
        trx,
        actor,
        member,
        'resigned',
        request.note
          ? `Asked in the member portal to close the account: ${request.note}`
          : 'Asked in the member portal to close the account',
      );
      await updateRecord(
        trx,
        actor,
        'member_change_requests',
        request,
        { status: 'approved', decided_at: clock.now(), decided_by: actor.uid },
        { action: 'approve' },
      );
      return `Approved: ${label} has resigned as of today.`;
    }
    const asked = new Map(request.changes.map((change) => [change.field, change]));
    const edited = body.values ?? {};
    for (const field of Object.keys(edited)) {
      if (!asked.has(field)) {
        throw badInput(
          `body.values.${field}`,
          'unrecognized_keys',
          `The request does not ask to change the ${companyFieldLabels[field as keyof typeof companyFieldLabels].toLowerCase()}.`,
        );
      }
    }
    const applied: StoredFieldChange[] = request.changes.map((change) => ({
      field: change.field,
      from: change.from,
      to: change.field in edited ? (edited[change.field as keyof TCompanyData] ?? null) : change.to,
    }));
    const values = Object.fromEntries(applied.map((change) => [change.field, change.to]));
    const written = await writeMemberChanges(
      trx,
      actor,
      member,
      values as Partial<TCompanyData>,
      { action: 'update', reason: 'Change request approved' },
      'body.values',
    );
    const wasEdited = Object.keys(edited).some(
      (field) => (edited[field as keyof TCompanyData] ?? null) !== asked.get(field)?.to,
    );
    await updateRecord(
      trx,
      actor,
      'member_change_requests',
      request,
      {
        status: 'approved',
        decided_at: clock.now(),
        decided_by: actor.uid,
        applied: JSON.stringify(applied),
        decision_reason: wasEdited ? 'Approved with values edited by staff' : null,
      },
      { action: 'approve' },
    );
    return written.length === 0
      ? `Approved: ${label} already had these values.`
      : `Approved: ${label} now has the new ${fieldWords(written)}${wasEdited ? ' (as edited)' : ''}.`;
  });
  return { request: await getChangeRequestDetail(db, id), message };
}
