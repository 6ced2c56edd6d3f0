import {
  defaultDirectoryFields,
  type TDirectoryEntry,
  type TDirectoryEntryUpdate,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import { insertRecord, lockRecord, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError, badInput } from '../errors';
import { memberUserActor, type PortalMember } from '../members';
import { fieldsOf, listingRows, servicesOf, toListing } from './listing';

const keepsEntry = (member: Pick<PortalMember, 'role'>) =>
  member.role === 'owner' || member.role === 'admin';

/**
 * `GET /api/directory-entry` on the portal: the member's choice (off until an owner or admin
 * turns it on), whether the public sees it now and why not, and the entry as the public would
 * see it.
 */
export async function getDirectoryEntry(
  db: Kysely<Database>,
  member: PortalMember,
  publicUrl: string,
): Promise<TDirectoryEntry> {
  const row = await listingRows(db, { publicOnly: false })
    .select('e.version')
    .where('m.mid', '=', member.mid)
    .executeTakeFirstOrThrow();
  const fields = row.fields ? fieldsOf(row.fields) : [...defaultDirectoryFields];
  const hiddenBecause = !row.listed
    ? 'not-listed'
    : row.status !== 'active'
      ? 'not-active'
      : !row.directory_visible
        ? 'hidden-by-staff'
        : null;
  return {
    listed: row.listed ?? false,
    fields,
    services: servicesOf(row.services ?? []),
    visible: hiddenBecause === null,
    hiddenBecause,
    preview: toListing(row, publicUrl, fields),
    canEdit: keepsEntry(member),
    version: row.version ?? 0,
  };
}

/**
 * `PUT /api/directory-entry`: an owner or admin lists the member (or not) and chooses what shows,
 * through the records store (audited as the user), at the version read. The public directory
 * follows within its cache's minute.
 */
export async function updateDirectoryEntry(
  db: Kysely<Database>,
  member: PortalMember,
  uid: string,
  update: TDirectoryEntryUpdate,
  publicUrl: string,
): Promise<TDirectoryEntry> {
  if (!keepsEntry(member)) {
    throw new AppError(
      'permission-denied',
      "Only the member's owners and administrators change its directory entry.",
    );
  }
  const actor = memberUserActor(uid);
  await writeTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('member_directory_entries')
      .select('member_mid')
      .where('member_mid', '=', member.mid)
      .executeTakeFirst();
    const values = {
      listed: update.listed,
      fields: [...update.fields],
      ...(update.services ? { services: [...update.services] } : {}),
    };
    if (!existing) {
      if (update.version !== undefined) {
        throw badInput('body.version', 'invalid_value', 'The member has no directory entry yet.');
      }
      await insertRecord(
        trx,
        actor,
        'member_directory_entries',
        { member_mid: member.mid, ...values },
        { action: update.listed ? 'list' : 'create' },
      );
      return;
    }
    if (update.version === undefined) {
      throw badInput('body.version', 'required', 'Send the version of the entry you read.');
    }
    const row = await lockRecord(trx, 'member_directory_entries', member.mid, {
      version: update.version,
    });
    await updateRecord(trx, actor, 'member_directory_entries', row, values, {
      action: update.listed === row.listed ? 'update' : update.listed ? 'list' : 'unlist',
    });
  });
  return getDirectoryEntry(db, member, publicUrl);
}
