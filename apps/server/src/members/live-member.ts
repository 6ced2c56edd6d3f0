import type { Transaction } from 'kysely';
import { lockRecord, recordLabel, type RecordRow } from '../db/records';
import type { Database } from '../db/schema';
import { AppError } from '../errors';

export type MemberRow = RecordRow<'members'>;

/** The live member a write applies to, locked, or 404: unknown, or deleted (restore it first). */
export async function lockLiveMember(trx: Transaction<Database>, mid: string): Promise<MemberRow> {
  const row = await lockRecord(trx, 'members', mid);
  if (row.deleted_at) {
    throw new AppError('not-found', `${recordLabel('members', row)} is deleted; restore it first.`);
  }
  return row;
}

/** Live members and countries that name this member as their national association. */
export async function countAssociationLinks(trx: Transaction<Database>, mid: string) {
  const counts = await trx
    .selectNoFrom((eb) => [
      eb
        .selectFrom('members')
        .select(eb.fn.countAll<string>().as('n'))
        .where('national_association_mid', '=', mid)
        .where('deleted_at', 'is', null)
        .as('members'),
      eb
        .selectFrom('countries')
        .select(eb.fn.countAll<string>().as('n'))
        .where('national_association_mid', '=', mid)
        .as('countries'),
    ])
    .executeTakeFirstOrThrow();
  return { members: Number(counts.members ?? 0), countries: Number(counts.countries ?? 0) };
}
