import {
  applicationDocumentTypes,
  applicationTransitions,
  type ApplicationAction,
  type ApplicationDocumentType,
  type TApplicationContact,
  type TApplicationDetail,
  type TApplicationDocument,
} from '@ops/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ApplicationsTable, Database } from '../db/schema';
import { recordNotFound } from '../db/records';
import { daysWaitingSince } from './endorsement-wait';
import { endorsementPanelOf } from './endorsement/panel';
import { possibleDuplicatesOf } from './possible-duplicates';

type Db = Kysely<Database> | Transaction<Database>;
export type ApplicationRow = Selectable<ApplicationsTable>;

/** One entry of applications.documents as stored (legacy entries have no id and no bytes). */
export type StoredDocumentRef = {
  id?: string | null;
  type?: string;
  fileName?: string;
  contentType?: string;
  sizeBytes?: number;
  uploadedAt?: string;
  uploadedBy?: string | null;
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

export function documentRefs(row: Pick<ApplicationRow, 'documents'>): StoredDocumentRef[] {
  return Array.isArray(row.documents) ? (row.documents as StoredDocumentRef[]) : [];
}

export function toDocument(ref: StoredDocumentRef): TApplicationDocument {
  const type = applicationDocumentTypes.includes(ref.type as ApplicationDocumentType)
    ? (ref.type as ApplicationDocumentType)
    : 'other';
  return {
    id: text(ref.id),
    type,
    fileName: text(ref.fileName) ?? 'document',
    contentType: text(ref.contentType) ?? 'application/octet-stream',
    sizeBytes: integer(ref.sizeBytes) ?? 0,
    uploadedAt: text(ref.uploadedAt) ?? new Date(0).toISOString(),
    uploadedBy: text(ref.uploadedBy),
    isStored: text(ref.id) !== null,
  };
}

function toContacts(value: unknown): TApplicationContact[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: Record<string, unknown>) => ({
    role: text(entry.role) ?? 'contact',
    name: text(entry.name),
    email: text(entry.email),
    phone: text(entry.phone),
    position: text(entry.position),
  }));
}

/**
 * Whether the application needs its national association's written endorsement (domain.md): an
 * individual company in a country that has an association member. Elsewhere headquarters
 * reviews it alone.
 */
export function needsEndorsement(
  row: Pick<
    ApplicationRow,
    'category' | 'endorsing_association_mid' | 'endorsement_overdue_at' | 'endorsement_waived_at'
  >,
  countryAssociationMid: string | null,
): boolean {
  // Staff waived it, or 30 days passed without an answer (issue 34): headquarters decide alone.
  if (row.endorsement_overdue_at || row.endorsement_waived_at) return false;
  return (
    row.category === 'individual' &&
    (countryAssociationMid !== null || row.endorsing_association_mid !== null)
  );
}

/** The actions the application's status (and its need for an endorsement) allows. */
export function availableActions(status: ApplicationRow['status'], isEndorsementNeeded: boolean) {
  return (Object.keys(applicationTransitions) as ApplicationAction[]).filter((action) => {
    if (!applicationTransitions[action].from.includes(status)) return false;
    if (action === 'request-endorsement') return isEndorsementNeeded;
    if (action === 'start-review' && status === 'submitted') return !isEndorsementNeeded;
    return true;
  });
}

/** The application row, or a 404 naming it. */
export async function findApplicationRow(db: Db, aid: string): Promise<ApplicationRow> {
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('aid', '=', aid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw recordNotFound('applications', aid);
  return row;
}

/** The country's national association (the endorsing member by default), if it has one. */
export async function countryAssociationOf(db: Db, iso2: string | null) {
  if (!iso2) return null;
  const row = await db
    .selectFrom('countries as c')
    .innerJoin('members as m', 'm.mid', 'c.national_association_mid')
    .select(['m.mid', 'm.number', 'm.legal_name'])
    .where('c.iso2', '=', iso2)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { mid: row.mid, number: row.number, legalName: row.legal_name } : null;
}

async function personOf(db: Db, uid: string | null) {
  if (!uid) return null;
  const user = await db
    .selectFrom('users')
    .select(['uid', 'email', 'display_name'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  return user ? { uid: user.uid, email: user.email, displayName: user.display_name } : null;
}

/** Everything the detail screen shows of one application, read in one go. */
export async function getApplicationDetail(db: Db, aid: string): Promise<TApplicationDetail> {
  const row = await findApplicationRow(db, aid);
  const [
    country,
    endorsing,
    countryAssociation,
    submittedBy,
    reviewer,
    member,
    invoice,
    possibleDuplicates,
  ] = await Promise.all([
    row.country_iso2
      ? db
          .selectFrom('countries')
          .select('name')
          .where('iso2', '=', row.country_iso2)
          .executeTakeFirst()
      : undefined,
    row.endorsing_association_mid
      ? db
          .selectFrom('members')
          .select(['mid', 'number', 'legal_name'])
          .where('mid', '=', row.endorsing_association_mid)
          .executeTakeFirst()
      : undefined,
    countryAssociationOf(db, row.country_iso2),
    personOf(db, row.submitted_by_uid),
    personOf(db, row.reviewer_uid),
    row.member_mid
      ? db
          .selectFrom('members')
          .select(['mid', 'number', 'legal_name', 'status'])
          .where('mid', '=', row.member_mid)
          .executeTakeFirst()
      : undefined,
    row.member_mid
      ? db
          .selectFrom('invoices')
          .select(['iid', 'number', 'total_minor', 'currency', 'due_date'])
          .where('member_mid', '=', row.member_mid)
          .where('kind', '=', 'membership')
          .orderBy('created_at')
          .orderBy('number')
          .limit(1)
          .executeTakeFirst()
      : undefined,
    possibleDuplicatesOf(db, row.aid),
  ]);
  const company = (row.company ?? {}) as Record<string, unknown>;
  const address = (row.address ?? {}) as Record<string, unknown>;
  const isEndorsementNeeded = needsEndorsement(row, countryAssociation?.mid ?? null);
  return {
    aid: row.aid,
    number: row.number,
    category: row.category,
    status: row.status,
    legalName: row.legal_name,
    countryIso2: row.country_iso2,
    countryName: country?.name ?? null,
    company: {
      legalName: text(company.legalName),
      tradeName: text(company.tradeName),
      registrationNumber: text(company.registrationNumber),
      vatNumber: text(company.vatNumber),
      founded: integer(company.founded),
      website: text(company.website),
      employees: integer(company.employees),
      activities: Array.isArray(company.activities)
        ? company.activities.filter((item): item is string => typeof item === 'string')
        : [],
    },
    address: {
      line1: text(address.line1),
      line2: text(address.line2),
      postalCode: text(address.postalCode),
      city: text(address.city),
      state: text(address.state),
      countryIso2: text(address.countryIso2),
    },
    contacts: toContacts(row.contacts),
    endorsingAssociation: endorsing
      ? { mid: endorsing.mid, number: endorsing.number, legalName: endorsing.legal_name }
      : null,
    countryAssociation,
    needsEndorsement: isEndorsementNeeded,
    documents: documentRefs(row).map(toDocument),
    source: row.source,
    endorsementWaitingDays:
      row.status === 'awaiting-endorsement' ? daysWaitingSince(row.endorsement_requested_at) : null,
    endorsement: await endorsementPanelOf(db, row),
    endorsementOverdue: row.endorsement_overdue_at !== null,
    endorsementWaived: row.endorsement_waived_at !== null,
    possibleDuplicates,
    submittedBy,
    reviewer,
    decisionReason: row.decision_reason,
    applicantAnswer:
      row.applicant_answer !== null && row.applicant_answered_at !== null
        ? { text: row.applicant_answer, at: row.applicant_answered_at.toISOString() }
        : null,
    member: member
      ? {
          mid: member.mid,
          number: member.number,
          legalName: member.legal_name,
          status: member.status,
        }
      : null,
    firstInvoice: invoice
      ? {
          iid: invoice.iid,
          number: invoice.number,
          totalMinor: String(invoice.total_minor),
          currency: invoice.currency,
          dueDate: invoice.due_date,
        }
      : null,
    submittedAt: row.submitted_at?.toISOString() ?? null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    version: row.version,
    availableActions: availableActions(row.status, isEndorsementNeeded),
  };
}
