import {
  auditReasonKey,
  memberEndingStatuses,
  nextMemberStatuses,
  type TFieldIssue,
  type TMemberDetail,
  type TMemberEdit,
  type TMemberFormOptions,
  type TMemberStatus,
} from '@ops/contract';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { recordAudit, type Actor } from '../audit/record';
import type { Database, MembersTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { memberStatusLabels } from '@ops/contract/labels';
import { checkVersion, versionConflict } from '../db/versioned-write';
import { AppError, badInput } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';

/** A status inside a sentence: "pending payment", as the console writes it, not the code. */
const inWords = (status: TMemberStatus) => memberStatusLabels[status].toLowerCase();

/** How many related records of each kind the detail lists (the total is given beside them). */
export const relatedLimit = 20;

type MemberRow = Awaited<ReturnType<typeof findMemberRow>>;

function findMemberRow(db: Kysely<Database> | Transaction<Database>, mid: string) {
  return db.selectFrom('members').selectAll().where('mid', '=', mid).executeTakeFirst();
}

const iso = (value: Date | string) => new Date(value).toISOString();

function memberLabel(row: { number: string; legal_name: string }): string {
  return `Member ${row.number} (${row.legal_name})`;
}

/** The live member a write applies to, or 404: unknown, or deleted (restore it first). */
async function requireLiveMember(trx: Transaction<Database>, mid: string) {
  const row = await findMemberRow(trx, mid);
  if (!row) throw new AppError('not-found', `No member has the id ${mid}.`);
  if (row.deleted_at) {
    throw new AppError('not-found', `${memberLabel(row)} is deleted; restore it first.`);
  }
  return row;
}

/**
 * Writes `changes` to the member read at `version` (`WHERE mid AND version`), bumping the
 * version and stamping who and when, and records the audit entry. Returns the new row.
 */
async function writeMember(
  trx: Transaction<Database>,
  actor: Actor,
  row: NonNullable<MemberRow>,
  changes: Updateable<MembersTable>,
  audit: { action: string; reason?: string | null },
) {
  const updated = await trx
    .updateTable('members')
    .set({
      ...changes,
      version: row.version + 1,
      updated_at: sql<Date>`now()`,
      updated_by: actor.uid ?? actor.kind,
    })
    .where('mid', '=', row.mid)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const current = (await findMemberRow(trx, row.mid)) ?? row;
    throw await versionConflict(trx, memberLabel(current), current);
  }
  await recordAudit(trx, actor, {
    table: 'members',
    recordId: row.mid,
    action: audit.action,
    before: row,
    after: audit.reason ? { ...updated, [auditReasonKey]: audit.reason } : updated,
  });
  return updated;
}

/** One member with its country, association, authors and related records; null if unknown. */
export async function getMemberDetail(
  db: Kysely<Database>,
  mid: string,
): Promise<TMemberDetail | null> {
  const [row, counts, users, invoices, certificates, applications, emails] = await Promise.all([
    db
      .selectFrom('members as m')
      .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
      .leftJoin('members as na', 'na.mid', 'm.national_association_mid')
      .leftJoin('users as cu', 'cu.uid', 'm.created_by')
      .leftJoin('users as uu', 'uu.uid', 'm.updated_by')
      .selectAll('m')
      .select([
        'c.name as country_name',
        'na.legal_name as na_name',
        'na.number as na_number',
        'cu.email as created_by_email',
        'uu.email as updated_by_email',
      ])
      .where('m.mid', '=', mid)
      .executeTakeFirst(),
    db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('users')
          .select(eb.fn.countAll<string>().as('n'))
          .where('member_mid', '=', mid)
          .where('deleted_at', 'is', null)
          .as('users'),
        eb
          .selectFrom('invoices')
          .select(eb.fn.countAll<string>().as('n'))
          .where('member_mid', '=', mid)
          .as('invoices'),
        eb
          .selectFrom('certificates')
          .select(eb.fn.countAll<string>().as('n'))
          .where('member_mid', '=', mid)
          .as('certificates'),
        eb
          .selectFrom('applications')
          .select(eb.fn.countAll<string>().as('n'))
          .where('member_mid', '=', mid)
          .where('deleted_at', 'is', null)
          .as('applications'),
        eb
          .selectFrom('emails')
          .select(eb.fn.countAll<string>().as('n'))
          .where('related_table', '=', 'members')
          .where('related_id', '=', mid)
          .as('emails'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select(['uid', 'email', 'display_name', 'member_role', 'disabled'])
      .where('member_mid', '=', mid)
      .where('deleted_at', 'is', null)
      .orderBy(sql`array_position(array['owner','admin','staff'], member_role)`)
      .orderBy('email')
      .limit(relatedLimit)
      .execute(),
    db
      .selectFrom('invoices')
      .select(['iid', 'number', 'year', 'kind', 'status', 'currency', 'total_minor', 'due_date'])
      .where('member_mid', '=', mid)
      .orderBy('year', 'desc')
      .orderBy('number', 'desc')
      .limit(relatedLimit)
      .execute(),
    db
      .selectFrom('certificates')
      .select(['cid', 'number', 'type', 'document_code', 'year', 'status', 'valid_to'])
      .where('member_mid', '=', mid)
      .orderBy('year', 'desc')
      .orderBy('number', 'desc')
      .limit(relatedLimit)
      .execute(),
    db
      .selectFrom('applications')
      .select(['aid', 'number', 'status', 'submitted_at'])
      .where('member_mid', '=', mid)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(relatedLimit)
      .execute(),
    db
      .selectFrom('emails')
      .select(['eid', 'subject', 'to_addresses', 'state', 'created_at'])
      .where('related_table', '=', 'members')
      .where('related_id', '=', mid)
      .orderBy('created_at', 'desc')
      .limit(relatedLimit)
      .execute(),
  ]);
  if (!row) return null;
  const total = (value: string | number | null | undefined) => Number(value ?? 0);
  return {
    mid: row.mid,
    number: row.number,
    category: row.category,
    status: row.status,
    legalName: row.legal_name,
    tradeName: row.trade_name,
    countryIso2: row.country_iso2,
    countryName: row.country_name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    postalCode: row.postal_code,
    city: row.city,
    state: row.state,
    vatNumber: row.vat_number,
    website: row.website,
    email: row.email,
    phone: row.phone,
    nationalAssociationMid: row.national_association_mid,
    nationalAssociationName: row.na_name,
    nationalAssociationNumber: row.na_number,
    joinedOn: row.joined_on,
    paidThroughYear: row.paid_through_year,
    terminatedOn: row.terminated_on,
    terminationReason: row.termination_reason,
    billingCurrency: row.billing_currency,
    cardCustomerId: row.card_customer_id,
    directoryVisible: row.directory_visible,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by_email ?? row.created_by,
    updatedBy: row.updated_by_email ?? row.updated_by,
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    nextStatuses: row.deleted_at ? [] : [...nextMemberStatuses(row.category, row.status)],
    related: {
      users: {
        total: total(counts.users),
        items: users.map((user) => ({
          uid: user.uid,
          email: user.email,
          displayName: user.display_name,
          memberRole: user.member_role,
          disabled: user.disabled,
        })),
      },
      invoices: {
        total: total(counts.invoices),
        items: invoices.map((invoice) => ({
          iid: invoice.iid,
          number: invoice.number,
          year: invoice.year,
          kind: invoice.kind,
          status: invoice.status,
          currency: invoice.currency,
          totalMinor: String(invoice.total_minor),
          dueDate: invoice.due_date,
        })),
      },
      certificates: {
        total: total(counts.certificates),
        items: certificates.map((certificate) => ({
          cid: certificate.cid,
          number: certificate.number,
          type: certificate.type,
          documentCode: certificate.document_code,
          year: certificate.year,
          status: certificate.status,
          validTo: certificate.valid_to,
        })),
      },
      applications: {
        total: total(counts.applications),
        items: applications.map((application) => ({
          aid: application.aid,
          number: application.number,
          status: application.status,
          submittedAt: application.submitted_at ? iso(application.submitted_at) : null,
        })),
      },
      emails: {
        total: total(counts.emails),
        items: emails.map((email) => ({
          eid: email.eid,
          subject: email.subject,
          to: email.to_addresses,
          state: email.state,
          createdAt: iso(email.created_at),
        })),
      },
    },
  };
}

/** The choices of the edit form: countries, and the associations a member may belong to. */
export async function getMemberFormOptions(db: Kysely<Database>): Promise<TMemberFormOptions> {
  const [countries, associations] = await Promise.all([
    db.selectFrom('countries').select(['iso2', 'name']).orderBy('name').execute(),
    db
      .selectFrom('members')
      .select(['mid', 'number', 'legal_name', 'country_iso2'])
      .where('category', '=', 'association')
      .where('deleted_at', 'is', null)
      .orderBy('legal_name')
      .orderBy('mid')
      .execute(),
  ]);
  return {
    countries,
    associations: associations.map((row) => ({
      mid: row.mid,
      number: row.number,
      legalName: row.legal_name,
      countryIso2: row.country_iso2,
    })),
  };
}

/** The detail of a member that must exist (after a write): 404 if it does not. */
export async function requireMemberDetail(
  db: Kysely<Database>,
  mid: string,
): Promise<TMemberDetail> {
  const detail = await getMemberDetail(db, mid);
  if (!detail) throw new AppError('not-found', `No member has the id ${mid}.`);
  return detail;
}

/** The database column of each editable field of the contract's ZMemberEdit. */
const editColumns = {
  legalName: 'legal_name',
  tradeName: 'trade_name',
  category: 'category',
  countryIso2: 'country_iso2',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  postalCode: 'postal_code',
  city: 'city',
  state: 'state',
  vatNumber: 'vat_number',
  website: 'website',
  email: 'email',
  phone: 'phone',
  nationalAssociationMid: 'national_association_mid',
  billingCurrency: 'billing_currency',
  directoryVisible: 'directory_visible',
} as const satisfies Record<keyof TMemberEdit, keyof MembersTable>;

/** Live members and countries that name this member as their national association. */
async function countAssociationLinks(trx: Transaction<Database>, mid: string) {
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

/** Business rules of an edit that the schema alone cannot check (they read other records). */
async function checkEdit(
  trx: Transaction<Database>,
  row: NonNullable<MemberRow>,
  changes: Partial<TMemberEdit>,
): Promise<void> {
  const issues: TFieldIssue[] = [];
  if (changes.countryIso2 && changes.countryIso2 !== row.country_iso2) {
    const country = await trx
      .selectFrom('countries')
      .select('iso2')
      .where('iso2', '=', changes.countryIso2)
      .executeTakeFirst();
    if (!country) {
      issues.push({
        path: 'body.countryIso2',
        rule: 'exists',
        message: `No country has the code ${changes.countryIso2}.`,
      });
    }
  }
  const associationMid = changes.nationalAssociationMid;
  if (associationMid && associationMid !== row.national_association_mid) {
    const association = await findMemberRow(trx, associationMid);
    const message = !association
      ? `No member has the id ${associationMid}.`
      : association.mid === row.mid
        ? 'A member cannot be its own national association.'
        : association.deleted_at
          ? `${memberLabel(association)} is deleted.`
          : association.category !== 'association'
            ? `${memberLabel(association)} is not an association member.`
            : null;
    if (message) issues.push({ path: 'body.nationalAssociationMid', rule: 'association', message });
  }
  const category = changes.category;
  if (category && category !== row.category) {
    if (row.category === 'association') {
      const links = await countAssociationLinks(trx, row.mid);
      if (links.members + links.countries > 0) {
        issues.push({
          path: 'body.category',
          rule: 'referenced',
          message: `It is the national association of ${links.members} member(s) and ${links.countries} country(ies); link them to another association first.`,
        });
      }
    }
    if (category === 'honorary' && row.status === 'overdue') {
      issues.push({
        path: 'body.category',
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
 * Edits a member's fields at the version the client read. Fields equal to the stored value are
 * not written; an edit that changes nothing writes nothing (no new version, no audit entry).
 */
export async function updateMember(
  db: Kysely<Database>,
  actor: Actor,
  options: UpdateMemberOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await requireLiveMember(trx, options.mid);
    await checkVersion(trx, memberLabel(row), row, options.version);
    const set: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(editColumns) as [
      keyof TMemberEdit,
      keyof MembersTable,
    ][]) {
      const value = options.changes[field];
      if (value === undefined || value === row[column]) continue;
      set[column] = value;
    }
    if (Object.keys(set).length === 0) return;
    await checkEdit(trx, row, options.changes);
    await writeMember(trx, actor, row, set as Updateable<MembersTable>, { action: 'update' });
  });
  return requireMemberDetail(db, options.mid);
}

export type ChangeMemberStatusOptions = {
  mid: string;
  status: TMemberStatus;
  reason: string;
  version: number;
};

/**
 * Moves a member along its life cycle (contract `memberStatusTransitions`). Ending statuses
 * (terminated, resigned) need a reason and set the termination date and reason; the first
 * activation sets the joining date if it had none. The reason is kept in the audit entry.
 */
export async function changeMemberStatus(
  db: Kysely<Database>,
  actor: Actor,
  options: ChangeMemberStatusOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await requireLiveMember(trx, options.mid);
    await checkVersion(trx, memberLabel(row), row, options.version);
    const target = options.status;
    if (target === row.status) {
      throw badInput(
        'body.status',
        'transition',
        `${memberLabel(row)} is already ${inWords(target)}.`,
      );
    }
    const allowed = nextMemberStatuses(row.category, row.status);
    if (!allowed.includes(target)) {
      const message =
        target === 'overdue' && row.category === 'honorary'
          ? 'Honorary members are never overdue.'
          : `A ${inWords(row.status)} member cannot become ${inWords(target)}; ${
              allowed.length > 0
                ? `it can become ${allowed.map(inWords).join(' or ')}`
                : 'that status is final'
            }.`;
      throw badInput('body.status', 'transition', message);
    }
    const reason = options.reason.trim();
    const isEnding = memberEndingStatuses.includes(target);
    if (isEnding && reason === '') {
      throw badInput('body.reason', 'required', `Say why the membership is ${target}.`);
    }
    const changes: Updateable<MembersTable> = { status: target };
    if (isEnding) {
      changes.terminated_on = todayAtHeadquarters();
      changes.termination_reason = reason;
    }
    if (target === 'active' && row.joined_on === null) {
      changes.joined_on = todayAtHeadquarters();
    }
    await writeMember(trx, actor, row, changes, { action: 'status', reason });
  });
  return requireMemberDetail(db, options.mid);
}

export type DeleteMemberOptions = { mid: string; reason: string; version: number };

/**
 * Soft-deletes a member (it leaves the lists and search; its records stay, and it can be
 * restored). Refused while money is owed (issued, unpaid invoices: void them or record the
 * payment first, so that no receivable disappears from view) and while it is the national
 * association of live members or countries (link them elsewhere first). A membership that ends
 * is terminated or resigned, not deleted: deleting is for records that should not exist, such
 * as a duplicate or a test.
 */
export async function deleteMember(
  db: Kysely<Database>,
  actor: Actor,
  options: DeleteMemberOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await requireLiveMember(trx, options.mid);
    await checkVersion(trx, memberLabel(row), row, options.version);
    const unpaid = await trx
      .selectFrom('invoices')
      .select([(eb) => eb.fn.countAll<string>().as('n'), 'currency'])
      .select((eb) => eb.fn.sum<string>('total_minor').as('total'))
      .where('member_mid', '=', row.mid)
      .where('status', '=', 'issued')
      .groupBy('currency')
      .execute();
    if (unpaid.length > 0) {
      const count = unpaid.reduce((sum, group) => sum + Number(group.n), 0);
      const amounts = unpaid
        .map((group) => `${group.currency} ${(Number(group.total) / 100).toFixed(2)}`)
        .join(', ');
      throw badInput(
        'params.mid',
        'unpaid-invoices',
        `${memberLabel(row)} has ${count} unpaid invoice(s) (${amounts}). Void them or record the payment before deleting the member.`,
      );
    }
    const links = await countAssociationLinks(trx, row.mid);
    if (links.members + links.countries > 0) {
      throw badInput(
        'params.mid',
        'referenced',
        `${memberLabel(row)} is the national association of ${links.members} member(s) and ${links.countries} country(ies). Link them to another association before deleting it.`,
      );
    }
    await writeMember(
      trx,
      actor,
      row,
      { deleted_at: new Date() },
      { action: 'delete', reason: options.reason.trim() },
    );
  });
  return requireMemberDetail(db, options.mid);
}

export type RestoreMemberOptions = { mid: string; reason: string; version: number };

/** Brings a soft-deleted member back into the lists and search. */
export async function restoreMember(
  db: Kysely<Database>,
  actor: Actor,
  options: RestoreMemberOptions,
): Promise<TMemberDetail> {
  await writeTransaction(db, async (trx) => {
    const row = await findMemberRow(trx, options.mid);
    if (!row) throw new AppError('not-found', `No member has the id ${options.mid}.`);
    if (!row.deleted_at) {
      throw badInput('params.mid', 'not-deleted', `${memberLabel(row)} is not deleted.`);
    }
    await checkVersion(trx, memberLabel(row), row, options.version);
    await writeMember(
      trx,
      actor,
      row,
      { deleted_at: null },
      { action: 'restore', reason: options.reason.trim() },
    );
  });
  return requireMemberDetail(db, options.mid);
}
