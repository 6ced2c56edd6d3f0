import { filterSyntax } from '@ops/contract';
import type { ListColumnReference } from '@ops/contract/list-definition';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MissingRecord, PendingFilter } from './params';

/** For each record a value names that no longer exists: how a message names it. */
type Missing = Map<string, string>;

const quoted = (id: string) => `"${id}"`;

/** The ids of `ids` absent from `found`, each named by its id. */
function absent(ids: readonly string[], found: Iterable<string>): Missing {
  const present = new Set(found);
  return new Map(ids.filter((id) => !present.has(id)).map((id) => [id, quoted(id)]));
}

/**
 * One query per kind of record, for every value of every view of a response: the records that
 * no longer exist, and how a person knows them. Ids are compared as text (`= ANY`), through
 * each table's primary key.
 */
const checks: Record<
  ListColumnReference,
  (db: Kysely<Database>, ids: string[]) => Promise<Missing>
> = {
  async country(db, codes) {
    const rows = await db
      .selectFrom('countries')
      .select(sql<string>`iso2::text`.as('iso2'))
      .where(sql<boolean>`iso2 = ANY(${codes}::text[])`)
      .execute();
    return absent(
      codes,
      rows.map((row) => row.iso2),
    );
  },
  // A deleted member (soft-deleted: `deleted_at`) is gone for the lists; a person still knows
  // it by its number and name.
  async member(db, mids) {
    const rows = await db
      .selectFrom('members')
      .select(['mid', 'number', 'legal_name', 'deleted_at'])
      .where(sql<boolean>`mid = ANY(${mids}::text[])`)
      .execute();
    const missing = absent(
      mids,
      rows.map((row) => row.mid),
    );
    for (const row of rows) {
      if (row.deleted_at !== null) missing.set(row.mid, `${row.number} (${row.legal_name})`);
    }
    return missing;
  },
  async 'bank-account'(db, ids) {
    const rows = await db
      .selectFrom('bank_accounts')
      .select('id')
      .where(sql<boolean>`id = ANY(${ids}::text[])`)
      .execute();
    return absent(
      ids,
      rows.map((row) => row.id),
    );
  },
  // An operator whose access was revoked keeps their row (inactive): the audit trail still
  // names them. Only a uid that is no operator at all is gone; one that is still a user is
  // named by its e-mail.
  async operator(db, uids) {
    const rows = await db
      .selectFrom('users as u')
      .leftJoin('operators as o', 'o.uid', 'u.uid')
      .select(['u.uid', 'u.email', 'o.uid as operator_uid'])
      .where(sql<boolean>`u.uid = ANY(${uids}::text[])`)
      .execute();
    const missing = absent(
      uids,
      rows.map((row) => row.uid),
    );
    for (const row of rows) {
      if (row.operator_uid === null) missing.set(row.uid, row.email);
    }
    return missing;
  },
  async user(db, uids) {
    const rows = await db
      .selectFrom('users')
      .select(['uid', 'email', 'deleted_at'])
      .where(sql<boolean>`uid = ANY(${uids}::text[])`)
      .execute();
    const missing = absent(
      uids,
      rows.map((row) => row.uid),
    );
    for (const row of rows) {
      if (row.deleted_at !== null) missing.set(row.uid, row.email);
    }
    return missing;
  },
};

/**
 * Checks every record the filters name, one query per kind of record (countries, members, …)
 * whatever the number of views, and answers which no longer exist.
 */
export async function findMissingRecords(
  db: Kysely<Database>,
  filters: readonly PendingFilter[],
): Promise<MissingRecord> {
  const wanted = new Map<ListColumnReference, Set<string>>();
  for (const filter of filters) {
    const ids = wanted.get(filter.reference) ?? new Set<string>();
    for (const value of filter.values) if (value !== filterSyntax.empty) ids.add(value);
    wanted.set(filter.reference, ids);
  }
  const found = new Map<ListColumnReference, Missing>(
    await Promise.all(
      [...wanted].map(
        async ([reference, ids]) =>
          [reference, await checks[reference](db, [...ids])] as [ListColumnReference, Missing],
      ),
    ),
  );
  return (reference, id) => found.get(reference)?.get(id);
}
