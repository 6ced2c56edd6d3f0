import type {
  CompanyField,
  TChangeRequestCreated,
  TCompanyData,
  TFieldChange,
  TPortalChangeRequest,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import { countryExists } from '../countries';
import { insertRecord, updateRecord } from '../db/records';
import type { Database, StoredFieldChange } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { newId } from '../lib/ids';
import { lockLiveMember, memberUserActor, writeMemberChanges, type PortalMember } from '../members';
import { companyValuesOf, differingFields } from './company-fields';
import { getPortalCompany, requireCompanyKeeper } from './portal-company';
import { changeRequestsWithPeople, toPortalChangeRequest } from './request-view';
import { directFieldsOf } from './settings';

type Trx = Parameters<Parameters<typeof writeTransaction>[1]>[0];

/** A country a member asks for must exist, as the console's edit checks it. */
async function checkCountry(trx: Trx, changes: Partial<TCompanyData>): Promise<void> {
  if (!changes.countryIso2) return;
  if (!(await countryExists(trx, changes.countryIso2))) {
    throw badInput(
      'body.changes.countryIso2',
      'exists',
      `No country has the code ${changes.countryIso2}.`,
    );
  }
}

/**
 * The member's open company-data request `FOR UPDATE`, or none: a second request adds to it (one
 * open request per member and kind, `member_change_requests_open_key`).
 */
function lockPendingRequest(trx: Trx, mid: string, kind: 'company-data' | 'close-account') {
  return trx
    .selectFrom('member_change_requests')
    .selectAll()
    .where('member_mid', '=', mid)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

/**
 * `POST /api/change-requests` on the portal (issue 35): an owner or admin changes the company
 * data. The fields the federation lets members change directly are written at once through the
 * records store (audited as the user); the others become a change request for staff, each field
 * with the value the member saw and the one asked for. A field asked again replaces its earlier
 * ask in the open request. All in one transaction, on the member row locked: a request and a
 * direct change of the same member never interleave.
 */
export async function requestCompanyChange(
  db: Kysely<Database>,
  member: PortalMember,
  uid: string,
  body: { changes: Partial<TCompanyData>; note?: string | null | undefined },
): Promise<TChangeRequestCreated> {
  requireCompanyKeeper(member);
  const actor = memberUserActor(uid);
  const { applied, request } = await writeTransaction(db, async (trx) => {
    const row = await lockLiveMember(trx, member.mid);
    const values = companyValuesOf(row);
    const differing = differingFields(values, body.changes);
    if (differing.length === 0) {
      throw badInput(
        'body.changes',
        'unchanged',
        'Nothing differs from the company data as it is: change a field first.',
      );
    }
    const direct = await directFieldsOf(trx);
    const now = differing.filter((field) => direct.has(field));
    const later = differing.filter((field) => !direct.has(field));
    const pick = (fields: CompanyField[]) =>
      Object.fromEntries(fields.map((field) => [field, body.changes[field] ?? null]));

    const appliedNow: TFieldChange[] = now.map((field) => ({
      field,
      from: values[field],
      to: body.changes[field] ?? null,
    }));
    if (now.length > 0) {
      await writeMemberChanges(
        trx,
        actor,
        row,
        pick(now),
        { action: 'update', reason: 'Changed in the member portal' },
        'body.changes',
      );
    }
    if (later.length === 0) return { applied: appliedNow, request: null };

    await checkCountry(trx, pick(later));
    const memberVersion = row.version + (now.length > 0 ? 1 : 0);
    const asked: StoredFieldChange[] = later.map((field) => ({
      field,
      from: values[field],
      to: body.changes[field] ?? null,
    }));
    const pending = await lockPendingRequest(trx, member.mid, 'company-data');
    let requestId: string;
    if (pending) {
      const kept = pending.changes.filter((change) => !later.includes(change.field as never));
      await updateRecord(
        trx,
        actor,
        'member_change_requests',
        pending,
        {
          changes: JSON.stringify([...kept, ...asked]),
          member_version: memberVersion,
          ...(body.note ? { note: body.note } : {}),
        },
        { action: 'update', reason: 'Added to from the member portal' },
      );
      requestId = pending.id;
    } else {
      const inserted = await insertRecord(
        trx,
        actor,
        'member_change_requests',
        {
          id: newId(),
          member_mid: member.mid,
          kind: 'company-data',
          requested_by: uid,
          member_version: memberVersion,
          changes: JSON.stringify(asked),
          note: body.note ?? null,
        },
        { action: 'create' },
      );
      requestId = inserted.id;
    }
    const stored = await changeRequestsWithPeople(trx)
      .where('r.id', '=', requestId)
      .executeTakeFirstOrThrow();
    const view: TPortalChangeRequest = toPortalChangeRequest(stored);
    return { applied: appliedNow, request: view };
  });
  return { applied, request, company: await getPortalCompany(db, member) };
}
