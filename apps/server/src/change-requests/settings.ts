import {
  companyFields,
  type CompanyField,
  type TMemberPortalSettings,
  type TMemberPortalSettingsUpdate,
} from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { fieldWords } from './company-fields';

type Db = Kysely<Database> | Transaction<Database>;

const isCompanyField = (field: string): field is CompanyField =>
  (companyFields as readonly string[]).includes(field);

/** The one settings row (migration 0063 wrote it), with who changed it last by e-mail. */
export async function getMemberPortalSettings(db: Db): Promise<TMemberPortalSettings> {
  const row = await db
    .selectFrom('member_portal_settings as s')
    .leftJoin('users as u', 'u.uid', 's.updated_by')
    .select(['s.direct_fields', 's.version', 's.updated_at', 's.updated_by'])
    .select('u.email as updated_by_email')
    .executeTakeFirstOrThrow();
  return {
    // In the form's order, whatever order they were saved in.
    directFields: companyFields.filter((field) => row.direct_fields.includes(field)),
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by_email ?? row.updated_by,
  };
}

/** The fields members change at once, read in the caller's transaction. */
export async function directFieldsOf(db: Db): Promise<ReadonlySet<CompanyField>> {
  const row = await db
    .selectFrom('member_portal_settings')
    .select('direct_fields')
    .executeTakeFirstOrThrow();
  return new Set(row.direct_fields.filter(isCompanyField));
}

/**
 * PUT /api/settings/member-portal: which company-data fields members change without review,
 * checked against the version the operator read (a 409 naming who saved meanwhile) and audited
 * by the records store. Requests already waiting stay requests.
 */
export async function updateMemberPortalSettings(
  db: Kysely<Database>,
  actor: Actor,
  update: TMemberPortalSettingsUpdate,
): Promise<{ settings: TMemberPortalSettings; message: string }> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'member_portal_settings', 'member-portal', {
      version: update.version,
    });
    await updateRecord(
      trx,
      actor,
      'member_portal_settings',
      row,
      { direct_fields: [...update.directFields] },
      { action: 'update' },
    );
    const settings = await getMemberPortalSettings(trx);
    const fields = settings.directFields;
    return {
      settings,
      message:
        fields.length === 0
          ? 'Members now ask staff for every change of their company data.'
          : `Members now change these at once: ${fieldWords(fields)}. Every other change waits for staff.`,
    };
  });
}
