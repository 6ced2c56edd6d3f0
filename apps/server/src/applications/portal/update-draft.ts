import type { TPortalApplication, TPortalUpdateApplicationRequest } from '@ops/contract';
import type { ZPortalUpdateApplicationRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { updateRecord, type RecordChanges } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { applicantActor, lockOwnApplication } from './lock-own';
import { getOwnApplication } from './own-applications';

type Update = z.output<typeof ZPortalUpdateApplicationRequest>;

function storedObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * `PATCH /api/applications/{aid}` on the portal: one step of the form saved, as it goes. The
 * parts given are merged into the draft (a part's fields given replace the stored ones; the
 * contacts given replace the list), the legal name and country kept in their columns for the
 * console's list. Only a draft is edited this way: a submitted application is staff's to move.
 */
export async function updateDraft(
  db: Kysely<Database>,
  uid: string,
  aid: string,
  request: TPortalUpdateApplicationRequest | Update,
): Promise<TPortalApplication> {
  const update = request as Update;
  await writeTransaction(db, async (trx) => {
    const row = await lockOwnApplication(trx, uid, aid, update.version);
    if (row.status !== 'draft') {
      throw badInput(
        'body',
        'status',
        `Application ${row.number} is submitted: it can no longer be edited.`,
      );
    }
    const changes: RecordChanges<'applications'> = {};
    if (update.category) changes.category = update.category;
    if (update.company) {
      const company = { ...storedObject(row.company), ...update.company };
      changes.company = JSON.stringify(company);
      changes.legal_name = typeof company.legalName === 'string' ? company.legalName : '';
    }
    if (update.address) {
      const address = { ...storedObject(row.address), ...update.address };
      const countryIso2 = typeof address.countryIso2 === 'string' ? address.countryIso2 : null;
      if (countryIso2) {
        const country = await trx
          .selectFrom('countries')
          .select('iso2')
          .where('iso2', '=', countryIso2)
          .executeTakeFirst();
        if (!country) {
          throw badInput(
            'body.address.countryIso2',
            'country',
            `There is no country ${countryIso2}.`,
          );
        }
      }
      changes.address = JSON.stringify(address);
      changes.country_iso2 = countryIso2;
    }
    if (update.contacts) changes.contacts = JSON.stringify(update.contacts);
    await updateRecord(trx, applicantActor(uid), 'applications', row, changes, {
      action: 'update-draft',
    });
  });
  return getOwnApplication(db, uid, aid);
}
