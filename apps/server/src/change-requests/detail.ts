import { companyFieldLabels, type TChangeRequestDetail } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { companyValuesOf } from './company-fields';
import { changeRequestsWithPeople, toPortalChangeRequest } from './request-view';

type Db = Kysely<Database> | Transaction<Database>;

export const changeRequestNotFound = (id: string) =>
  new AppError('not-found', `No change request has the id ${id}.`);

/**
 * One of the member's own requests, locked for a change in the caller's transaction; another
 * member's, like an unknown id, is a 404 naming only the id asked for.
 */
export async function lockOwnChangeRequest(trx: Transaction<Database>, mid: string, id: string) {
  const request = await trx
    .selectFrom('member_change_requests')
    .selectAll()
    .where('id', '=', id)
    .where('member_mid', '=', mid)
    .forUpdate()
    .executeTakeFirst();
  if (!request) throw changeRequestNotFound(id);
  return request;
}

/**
 * `GET /api/change-requests/{id}` in the console: each field as the member saw it, what it asked
 * for, and the member's value now. A field whose value moved since the request was made is
 * marked (`changedSince`), so staff never overwrite a newer value without seeing it.
 */
export async function getChangeRequestDetail(db: Db, id: string): Promise<TChangeRequestDetail> {
  const row = await changeRequestsWithPeople(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw changeRequestNotFound(id);
  const member = await db
    .selectFrom('members')
    .selectAll()
    .where('mid', '=', row.member_mid)
    .executeTakeFirstOrThrow();
  const values = companyValuesOf(member);
  const view = toPortalChangeRequest(row);
  return {
    ...view,
    memberMid: member.mid,
    memberNumber: member.number,
    memberName: member.legal_name,
    memberStatus: member.status,
    memberVersion: member.version,
    requestedAtVersion: row.member_version,
    fields: view.changes.map((change) => ({
      ...change,
      label: companyFieldLabels[change.field],
      current: values[change.field],
      changedSince: values[change.field] !== change.from,
    })),
    decidedBy: row.decided_by_email,
    version: row.version,
  };
}
