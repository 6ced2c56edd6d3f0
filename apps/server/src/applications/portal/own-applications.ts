import type { TApplicationDetail, TPortalApplication } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { getApplicationDetail, type ApplicationRow } from '../detail';

type Db = Kysely<Database> | Transaction<Database>;

/** The statuses whose last step's words are meant for the applicant: a question, a refusal. */
const messageStatuses: ReadonlySet<TApplicationDetail['status']> = new Set([
  'information-requested',
  'rejected',
  'endorsement-declined',
]);

/**
 * The applicant's view of an application: their answers, the documents, the outcome. Nothing of
 * staff's side (the reviewer, notes, the available actions) and no uploader's uid.
 */
export function toPortalApplication(detail: TApplicationDetail): TPortalApplication {
  return {
    aid: detail.aid,
    number: detail.number,
    category: detail.category,
    status: detail.status,
    company: detail.company,
    address: detail.address,
    contacts: detail.contacts,
    documents: detail.documents.map(({ uploadedBy: _uploadedBy, ...document }) => document),
    message: messageStatuses.has(detail.status) ? detail.decisionReason : null,
    answer: detail.applicantAnswer,
    memberNumber: detail.member?.number ?? null,
    invoiceNumber: detail.firstInvoice?.number ?? null,
    submittedAt: detail.submittedAt,
    decidedAt: detail.decidedAt,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
    version: detail.version,
  };
}

/**
 * Another person's application, a deleted one and one that does not exist answer alike: a 404
 * that names only the id asked for, so no one learns which ids exist by trying them.
 */
export function notYourApplication(aid: string): AppError {
  return new AppError('not-found', `You have no application ${aid}.`);
}

/** The applicant's own application row (404 otherwise: notYourApplication). */
export async function findOwnApplicationRow(
  db: Db,
  uid: string,
  aid: string,
): Promise<ApplicationRow> {
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('aid', '=', aid)
    .where('submitted_by_uid', '=', uid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notYourApplication(aid);
  return row;
}

/** One of the applicant's applications, as the portal shows it. */
export async function getOwnApplication(
  db: Db,
  uid: string,
  aid: string,
): Promise<TPortalApplication> {
  await findOwnApplicationRow(db, uid, aid);
  return toPortalApplication(await getApplicationDetail(db, aid));
}

/** The most applications one person's list shows (a person has a handful; this bounds the page). */
export const ownApplicationsLimit = 50;

/** The applicant's applications, newest first (`applications_applicant_idx`). */
export async function listOwnApplications(db: Db, uid: string): Promise<TPortalApplication[]> {
  const rows = await db
    .selectFrom('applications')
    .select('aid')
    .where('submitted_by_uid', '=', uid)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(ownApplicationsLimit)
    .execute();
  const details = await Promise.all(rows.map((row) => getApplicationDetail(db, row.aid)));
  return details.map(toPortalApplication);
}
