import type { TMembershipBillingSettings } from '@ops/contract/membership-billing';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The one settings row (migration 0053 wrote it), with who changed it last by e-mail. */
export async function getMembershipBillingSettings(db: Db): Promise<TMembershipBillingSettings> {
  const row = await db
    .selectFrom('membership_billing_settings as s')
    .leftJoin('users as u', 'u.uid', 's.updated_by')
    .select(['s.first_year_rule', 's.cutoff_month', 's.version', 's.updated_at', 's.updated_by'])
    .select('u.email as updated_by_email')
    .executeTakeFirstOrThrow();
  return {
    firstYearRule: row.first_year_rule,
    cutoffMonth: row.cutoff_month,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by_email ?? row.updated_by,
  };
}
