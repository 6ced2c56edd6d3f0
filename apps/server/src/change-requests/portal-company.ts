import type { TPortalChangeRequest, TPortalCompany } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import type { PortalMember } from '../members';
import { companyValuesOf } from './company-fields';
import { changeRequestsWithPeople, toPortalChangeRequest } from './request-view';
import { getMemberPortalSettings } from './settings';

type Db = Kysely<Database> | Transaction<Database>;

/** Owners and admins keep the company data; staff see it. */
export const keepsCompanyData = (member: Pick<PortalMember, 'role'>) =>
  member.role === 'owner' || member.role === 'admin';

export function requireCompanyKeeper(member: Pick<PortalMember, 'role'>): void {
  if (keepsCompanyData(member)) return;
  throw new AppError(
    'permission-denied',
    "Only the member's owners and administrators change its company data.",
  );
}

/** `GET /api/change-requests` on the portal: the member's requests, newest first. */
export async function listOwnChangeRequests(
  db: Db,
  mid: string,
): Promise<{ items: TPortalChangeRequest[] }> {
  const rows = await changeRequestsWithPeople(db)
    .where('r.member_mid', '=', mid)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(100)
    .execute();
  return { items: rows.map(toPortalChangeRequest) };
}

/**
 * `GET /api/company`: the member's record as staff keep it, which fields change at once, and the
 * requests still waiting for staff. Read fresh (not the session's copy of the member) so that a
 * write in the same request shows.
 */
export async function getPortalCompany(db: Db, member: PortalMember): Promise<TPortalCompany> {
  const [row, settings, pending] = await Promise.all([
    db.selectFrom('members').selectAll().where('mid', '=', member.mid).executeTakeFirstOrThrow(),
    getMemberPortalSettings(db),
    changeRequestsWithPeople(db)
      .where('r.member_mid', '=', member.mid)
      .where('r.status', '=', 'pending')
      .orderBy('r.created_at')
      .execute(),
  ]);
  return {
    mid: row.mid,
    number: row.number,
    values: companyValuesOf(row),
    directFields: settings.directFields,
    canEdit: keepsCompanyData(member),
    canClose: member.role === 'owner',
    pending: pending.map(toPortalChangeRequest),
  };
}
