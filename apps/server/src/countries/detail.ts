import type { TCountry, TCountryUpdate } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import {
  describeWriter,
  lockRecord,
  recordNotFound,
  updateRecord,
  type RecordChanges,
} from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { nationalAssociationOf } from './list';
import { badInput } from '../errors';

/** One country with its association, member counts and authors; 404 if unknown. */
export async function getCountry(db: Kysely<Database>, iso2: string): Promise<TCountry> {
  const row = await db
    .selectFrom('countries as c')
    .leftJoin('members as a', 'a.mid', 'c.national_association_mid')
    .selectAll('c')
    .select([
      'a.number as association_number',
      'a.legal_name as association_name',
      sql<number>`(SELECT count(*) FROM members m
                    WHERE coalesce(m.country_iso2, '~~') = c.iso2 AND m.deleted_at IS NULL)::int`.as(
        'member_count',
      ),
      sql<number>`(SELECT count(*) FROM members m
                    WHERE coalesce(m.country_iso2, '~~') = c.iso2 AND m.deleted_at IS NULL
                      AND m.status = 'active')::int`.as('active_member_count'),
    ])
    .where('c.iso2', '=', iso2)
    .executeTakeFirst();
  if (!row) throw recordNotFound('countries', iso2);
  return {
    iso2: row.iso2,
    iso3: row.iso3,
    name: row.name,
    officialName: row.official_name,
    language: row.language,
    region: row.region,
    incomeGroup: row.income_group,
    feeCategory: row.fee_category as TCountry['feeCategory'],
    defaultCurrency: row.default_currency,
    nationalAssociation: nationalAssociationOf(
      row.national_association_mid,
      row.association_number,
      row.association_name,
    ),
    active: row.active,
    memberCount: row.member_count,
    activeMemberCount: row.active_member_count,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: await describeWriter(db, row.updated_by),
  };
}

/**
 * A country's national association must be an association member of that very country, active
 * (not pending payment, suspended, ended or deleted): it endorses the country's applicants.
 */
async function checkNationalAssociation(trx: Transaction<Database>, iso2: string, mid: string) {
  const member = await trx
    .selectFrom('members')
    .select(['mid', 'number', 'legal_name', 'category', 'status', 'country_iso2', 'deleted_at'])
    .where('mid', '=', mid)
    .executeTakeFirst();
  const path = 'body.nationalAssociationMid';
  if (!member || member.deleted_at) {
    throw badInput(path, 'exists', `No member has the id ${mid}.`);
  }
  const label = `${member.legal_name} (${member.number})`;
  if (member.category !== 'association') {
    throw badInput(
      path,
      'association',
      `${label} is an ${member.category} member; a national association must be an association member.`,
    );
  }
  if (member.country_iso2 !== iso2) {
    throw badInput(
      path,
      'same-country',
      `${label} is a member in ${member.country_iso2 ?? 'no country'}, not in ${iso2}.`,
    );
  }
  if (member.status !== 'active') {
    throw badInput(
      path,
      'active',
      `${label} is ${member.status.replace('-', ' ')}; only an active member can be the national association.`,
    );
  }
}

/**
 * Edits a country read at `version`: region, income group, fee category, default currency,
 * national association, active, and the language its new members take (issue 17). Only fields that change are written; an unchanged association
 * is not checked again (it may have fallen overdue since it was chosen).
 */
export async function updateCountry(
  db: Kysely<Database>,
  actor: Actor,
  options: { iso2: string; version: number; changes: Omit<TCountryUpdate, 'version'> },
): Promise<TCountry> {
  const { iso2, version, changes } = options;
  await writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'countries', iso2, { version });

    const set: RecordChanges<'countries'> = {};
    if (changes.region !== undefined && changes.region !== row.region) set.region = changes.region;
    if (changes.incomeGroup !== undefined && changes.incomeGroup !== row.income_group) {
      set.income_group = changes.incomeGroup;
    }
    if (changes.feeCategory !== undefined && changes.feeCategory !== row.fee_category) {
      set.fee_category = changes.feeCategory;
    }
    if (changes.defaultCurrency !== undefined && changes.defaultCurrency !== row.default_currency) {
      set.default_currency = changes.defaultCurrency;
    }
    if (changes.active !== undefined && changes.active !== row.active) set.active = changes.active;
    if (changes.language !== undefined && changes.language !== row.language) {
      set.language = changes.language;
    }
    if (
      changes.nationalAssociationMid !== undefined &&
      changes.nationalAssociationMid !== row.national_association_mid
    ) {
      if (changes.nationalAssociationMid !== null) {
        await checkNationalAssociation(trx, iso2, changes.nationalAssociationMid);
      }
      set.national_association_mid = changes.nationalAssociationMid;
    }
    if (Object.keys(set).length === 0) return;

    await updateRecord(trx, actor, 'countries', row, set, { action: 'update' });
  });
  return getCountry(db, iso2);
}
