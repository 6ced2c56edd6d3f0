import type { TFieldIssue, TMemberDetail, TMemberEdit } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import { countryExists } from '../countries';
import type { Actor } from '../db/audit';
import {
  checkRecordVersion,
  findRecord,
  recordLabel,
  updateRecord,
  type RecordChanges,
} from '../db/records';
import type { Database, MembersTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { memberAddressColumns } from './address-columns';
import { requireMemberDetail } from './detail';
import { countAssociationLinks, lockLiveMember, type MemberRow } from './live-member';

/** The database column of each editable field of the contract's ZMemberEdit. */
const editColumns = {
  legalName: 'legal_name',
  tradeName: 'trade_name',
  category: 'category',
  countryIso2: 'country_iso2',
  ...memberAddressColumns,
  billingEmail: 'billing_email',
  phone: 'phone',
  nationalAssociationMid: 'national_association_mid',
  billingCurrency: 'billing_currency',
  directoryVisible: 'directory_visible',
  preferredLanguage: 'preferred_language',
} as const satisfies Record<keyof TMemberEdit, keyof MembersTable>;

/** Business rules of an edit that the schema alone cannot check (they read other records). */
async function checkEdit(
  trx: Transaction<Database>,
  row: MemberRow,
  changes: Partial<TMemberEdit>,
  fieldPath: string,
): Promise<void> {
  const issues: TFieldIssue[] = [];
  if (changes.countryIso2 && changes.countryIso2 !== row.country_iso2) {
    if (!(await countryExists(trx, changes.countryIso2))) {
      issues.push({
        path: `${fieldPath}.countryIso2`,
        rule: 'exists',
        message: `No country has the code ${changes.countryIso2}.`,
      });
    }
  }
  const associationMid = changes.nationalAssociationMid;
  if (associationMid && associationMid !== row.national_association_mid) {
    const association = await findRecord(trx, 'members', associationMid);
    const message = !association
      ? `No member has the id ${associationMid}.`
      : association.mid === row.mid
        ? 'A member cannot be its own national association.'
        : association.deleted_at
          ? `${recordLabel('members', association)} is deleted.`
          : association.category !== 'association'
            ? `${recordLabel('members', association)} is not an association member.`
            : null;
    if (message)
      issues.push({ path: `${fieldPath}.nationalAssociationMid`, rule: 'association', message });
  }
  const category = changes.category;
  if (category && category !== row.category) {
    if (row.category === 'association') {
      const links = await countAssociationLinks(trx, row.mid);
      if (links.members + links.countries > 0) {
        issues.push({
          path: `${fieldPath}.category`,
          rule: 'referenced',
          message: `It is the national association of ${links.members} member(s) and ${links.countries} country(ies); link them to another association first.`,
        });
      }
    }
    if (category === 'honorary' && row.status === 'overdue') {
      issues.push({
        path: `${fieldPath}.category`,
        rule: 'transition',
        message: 'Honorary members are never overdue: settle or change the status first.',
      });
    }
  }
  if (issues.length > 0) {
    throw new AppError('invalid-argument', issues.map((issue) => issue.message).join(' '), {
      issues,
    });
  }
}

export type UpdateMemberOptions = {
  mid: string;
  version: number;
  /** Any subset of the editable fields, as ZMemberPatch parsed them. */
  changes: Partial<TMemberEdit>;
};

/**
 * Inside the caller's transaction, on the member row it locked: writes the fields of `changes`
 * that differ from the row, after the business rules, through the records store with its audit
 * entry. Answers the fields written (none: nothing was written, no new version). The console's
 * edit and an approved change request from the portal (issue 35) share it.
 */
export async function writeMemberChanges(
  trx: Transaction<Database>,
  actor: Actor,
  row: MemberRow,
  changes: Partial<TMemberEdit>,
  audit: { action: string; reason?: string } = { action: 'update' },
  /** Where the request carries the fields, for a 400's `path` (the portal's `body.changes`). */
  fieldPath = 'body',
): Promise<(keyof TMemberEdit)[]> {
  const set: Record<string, unknown> = {};
  const written: (keyof TMemberEdit)[] = [];
  for (const [field, column] of Object.entries(editColumns) as [
    keyof TMemberEdit,
    keyof MembersTable,
  ][]) {
    const value = changes[field];
    if (value === undefined || value === row[column]) continue;
    set[column] = value;
    written.push(field);
  }
  if (written.length === 0) return written;
  await checkEdit(trx, row, changes, fieldPath);
  await updateRecord(trx, actor, 'members', row, set as RecordChanges<'members'>, audit);
  return written;
}

/**
 * Edits a member's fields at the version the client read. Fields equal to the stored value are
 * not written; an edit that changes nothing writes nothing (no new version, no audit entry).
 */
export async function updateMember(
  db: Kysely<Database>,
  actor: Actor,
  options: UpdateMemberOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await lockLiveMember(trx, options.mid);
    await checkRecordVersion(trx, 'members', row, options.version);
    await writeMemberChanges(trx, actor, row, options.changes);
  });
  return requireMemberDetail(db, options.mid);
}
