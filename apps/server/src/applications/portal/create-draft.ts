import type { TPortalApplication } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../db/audit';
import { insertRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { newId } from '../../lib/ids';
import { allocateNumber } from '../workflow/numbers';
import { getOwnApplication } from './own-applications';

/**
 * Drafts one person may have open at once: enough for a company and its association, or a
 * second try; not a way to fill the queue's numbers by script.
 */
export const maxOpenDrafts = 3;

/** Application numbers are A-000001 … (the demo's and the legacy system's included). */
async function nextApplicationNumber(trx: Parameters<typeof allocateNumber>[0]): Promise<string> {
  const highest = await trx
    .selectFrom('applications')
    .select('number')
    .where(sql<boolean>`number ~ '^A-[0-9]+$'`)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  const value = await allocateNumber(
    trx,
    'application',
    highest ? Number(highest.number.slice(2)) : 0,
  );
  return `A-${String(value).padStart(6, '0')}`;
}

/**
 * `POST /api/applications` on the portal: a new draft of the signed-in applicant, numbered, with
 * the applicant's verified address as its primary contact. Audited as the applicant's.
 */
export async function createDraft(
  db: Kysely<Database>,
  applicant: { uid: string; email: string },
  category: TPortalApplication['category'],
): Promise<TPortalApplication> {
  const actor: Actor = { kind: 'user', uid: applicant.uid };
  const aid = await writeTransaction(db, async (trx) => {
    // The person's row locks their concurrent requests in turn, so two at once cannot both
    // pass the count below.
    await trx
      .selectFrom('users')
      .select('uid')
      .where('uid', '=', applicant.uid)
      .forUpdate()
      .execute();
    const open = await trx
      .selectFrom('applications')
      .select(sql<string>`count(*)`.as('count'))
      .where('submitted_by_uid', '=', applicant.uid)
      .where('status', '=', 'draft')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(open.count) >= maxOpenDrafts) {
      throw badInput(
        'body.category',
        'open-drafts',
        `You have ${maxOpenDrafts} drafts open already: finish or withdraw one first.`,
      );
    }
    const row = await insertRecord(
      trx,
      actor,
      'applications',
      {
        aid: newId(),
        number: await nextApplicationNumber(trx),
        category,
        status: 'draft',
        legal_name: '',
        contacts: JSON.stringify([
          { role: 'primary', name: null, email: applicant.email, phone: null, position: null },
        ]),
        submitted_by_uid: applicant.uid,
        source: 'online',
      },
      { action: 'create' },
    );
    return row.aid;
  });
  return getOwnApplication(db, applicant.uid, aid);
}
