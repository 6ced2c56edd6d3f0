import { type TMemberDetail, type TMemberFormOptions, nextMemberStatuses } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { memberOpenBalances } from '../ledger';
import { memberDunningOf } from './dunning';

/** How many related records of each kind the detail lists (the total is given beside them). */
export const relatedLimit = 20;

const iso = (value: Date | string) => new Date(value).toISOString();
const total = (value: string | number | null | undefined) => Number(value ?? 0);

/** The member with its country's and association's names and its authors' e-mails. */
function readMember(db: Kysely<Database>, mid: string) {
  return db
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
    .executeTakeFirst();
}

type MemberWithNames = NonNullable<Awaited<ReturnType<typeof readMember>>>;

/** How many related records of each kind there are, in one round trip. */
function countRelated(db: Kysely<Database>, mid: string) {
  return db
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
    .executeTakeFirstOrThrow();
}

/** The member's users (owners first), as the detail lists them. */
async function relatedUsers(db: Kysely<Database>, mid: string) {
  const users = await db
    .selectFrom('users')
    .select(['uid', 'email', 'display_name', 'member_role', 'disabled'])
    .where('member_mid', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy(sql`array_position(array['owner','admin','staff'], member_role)`)
    .orderBy('email')
    .limit(relatedLimit)
    .execute();
  return users.map((user) => ({
    uid: user.uid,
    email: user.email,
    displayName: user.display_name,
    memberRole: user.member_role,
    disabled: user.disabled,
  }));
}

/** The member's invoices, newest year first. */
async function relatedInvoices(db: Kysely<Database>, mid: string) {
  const invoices = await db
    .selectFrom('invoices')
    .select(['iid', 'number', 'year', 'kind', 'status', 'currency', 'total_minor', 'due_date'])
    .where('member_mid', '=', mid)
    .orderBy('year', 'desc')
    .orderBy('number', 'desc')
    .limit(relatedLimit)
    .execute();
  return invoices.map((invoice) => ({
    iid: invoice.iid,
    number: invoice.number,
    year: invoice.year,
    kind: invoice.kind,
    status: invoice.status,
    currency: invoice.currency,
    totalMinor: String(invoice.total_minor),
    dueDate: invoice.due_date,
  }));
}

/** The member's certificates, newest year first. */
async function relatedCertificates(db: Kysely<Database>, mid: string) {
  const certificates = await db
    .selectFrom('certificates')
    .select(['cid', 'number', 'type', 'document_code', 'year', 'status', 'valid_to'])
    .where('member_mid', '=', mid)
    .orderBy('year', 'desc')
    .orderBy('number', 'desc')
    .limit(relatedLimit)
    .execute();
  return certificates.map((certificate) => ({
    cid: certificate.cid,
    number: certificate.number,
    type: certificate.type,
    documentCode: certificate.document_code,
    year: certificate.year,
    status: certificate.status,
    validTo: certificate.valid_to,
  }));
}

/** The member's applications, newest first. */
async function relatedApplications(db: Kysely<Database>, mid: string) {
  const applications = await db
    .selectFrom('applications')
    .select(['aid', 'number', 'status', 'submitted_at'])
    .where('member_mid', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(relatedLimit)
    .execute();
  return applications.map((application) => ({
    aid: application.aid,
    number: application.number,
    status: application.status,
    submittedAt: application.submitted_at ? iso(application.submitted_at) : null,
  }));
}

/** The e-mails sent about the member, newest first. */
async function relatedEmails(db: Kysely<Database>, mid: string) {
  const emails = await db
    .selectFrom('emails')
    .select(['eid', 'subject', 'to_addresses', 'state', 'created_at'])
    .where('related_table', '=', 'members')
    .where('related_id', '=', mid)
    .orderBy('created_at', 'desc')
    .limit(relatedLimit)
    .execute();
  return emails.map((email) => ({
    eid: email.eid,
    subject: email.subject,
    to: email.to_addresses,
    state: email.state,
    createdAt: iso(email.created_at),
  }));
}

/** The member's own fields as the detail screen shows them (related records aside). */
function memberFields(
  row: MemberWithNames,
): Omit<TMemberDetail, 'related' | 'openBalances' | 'dunning'> {
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
    billingEmail: row.billing_email,
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
    preferredLanguage: row.preferred_language,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by_email ?? row.created_by,
    updatedBy: row.updated_by_email ?? row.updated_by,
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    nextStatuses: row.deleted_at ? [] : [...nextMemberStatuses(row.category, row.status)],
  };
}

/** One member with its country, association, authors and related records; null if unknown. */
export async function getMemberDetail(
  db: Kysely<Database>,
  mid: string,
): Promise<TMemberDetail | null> {
  const [row, counts, users, invoices, certificates, applications, emails, openBalances, dunning] =
    await Promise.all([
      readMember(db, mid),
      countRelated(db, mid),
      relatedUsers(db, mid),
      relatedInvoices(db, mid),
      relatedCertificates(db, mid),
      relatedApplications(db, mid),
      relatedEmails(db, mid),
      memberOpenBalances(db, mid),
      memberDunningOf(db, mid),
    ]);
  if (!row) return null;
  return {
    ...memberFields(row),
    openBalances,
    dunning,
    related: {
      users: { total: total(counts.users), items: users },
      invoices: { total: total(counts.invoices), items: invoices },
      certificates: { total: total(counts.certificates), items: certificates },
      applications: { total: total(counts.applications), items: applications },
      emails: { total: total(counts.emails), items: emails },
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
  if (!detail) throw recordNotFound('members', mid);
  return detail;
}
