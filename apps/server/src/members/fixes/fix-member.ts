import type { TFixMember } from '@ops/contract';
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database, MemberCategory, MembersTable, MemberStatus } from '../../db/schema';
import { lockRecord } from '../../db/records';
import { badInput } from '../../errors';

/**
 * What every member check shares: how a finding reads and shows a member, and how a repair
 * takes a live member for itself (through the records store, so its 404 and 409 read like every
 * other record's).
 */

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type MemberRow = Selectable<MembersTable>;

/** A membership that has ended: such a member cannot be anyone's national association. */
export const endedStatuses: MemberStatus[] = ['terminated', 'resigned'];

/** A member row as the findings' queries read it (`fixMemberColumns`, joined to its country). */
export type FixMemberRow = {
  mid: string;
  number: string;
  legal_name: string;
  trade_name: string | null;
  category: MemberCategory;
  status: MemberStatus;
  country_iso2: string | null;
  country_name: string | null;
  city: string | null;
  vat_number: string | null;
  email: string | null;
  website: string | null;
  phone: string | null;
  joined_on: string | null;
  paid_through_year: number | null;
  national_association_mid: string | null;
  version: number;
  updated_at: Date;
};

/** The select list of `FixMemberRow`: `members m LEFT JOIN countries c ON c.iso2 = m.country_iso2`. */
export const fixMemberColumns = sql`m.mid, m.number, m.legal_name, m.trade_name, m.category, m.status,
  m.country_iso2, c.name AS country_name, m.city, m.vat_number, m.email, m.website, m.phone,
  m.joined_on, m.paid_through_year, m.national_association_mid, m.version, m.updated_at`;

export function toFixMember(row: FixMemberRow): TFixMember {
  return {
    mid: row.mid,
    number: row.number,
    legalName: row.legal_name,
    tradeName: row.trade_name,
    category: row.category,
    status: row.status,
    countryIso2: row.country_iso2,
    countryName: row.country_name,
    city: row.city,
    vatNumber: row.vat_number,
    email: row.email,
    website: row.website,
    phone: row.phone,
    joinedOn: row.joined_on,
    paidThroughYear: row.paid_through_year,
    nationalAssociationMid: row.national_association_mid,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function describeMember(member: { number: string; legalName: string }): string {
  return `${member.number} ${member.legalName}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The `count` of a single-row `SELECT count(*)::int AS count …`. */
export async function countRows(
  db: Db | Trx,
  query: RawBuilder<{ count: number }>,
): Promise<number> {
  const { rows } = await query.execute(db);
  return rows[0]?.count ?? 0;
}

/**
 * Locks a member for a repair and checks the version the person read (404 and 409 of the
 * records store). A deleted member is a 400 naming `path` (the body field that named it), since
 * repairs are for live members; the detail's `lockLiveMember` answers 404 instead.
 */
export async function lockMemberToRepair(
  trx: Trx,
  mid: string,
  version: number,
  path: string,
): Promise<MemberRow> {
  const row = await lockRecord(trx, 'members', mid, { version });
  if (row.deleted_at !== null) {
    throw badInput(path, 'deleted', `Member ${row.number} is deleted; restore it first.`);
  }
  return row;
}
