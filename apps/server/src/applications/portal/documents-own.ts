import {
  maxPortalApplicationDocuments,
  portalDocumentContentTypes,
  type ApplicationDocumentType,
  type TPortalDocumentUploadResult,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { AppError, badInput } from '../../errors';
import type { ApplicationRow } from '../detail';
import {
  checkedUpload,
  getApplicationDocumentFile,
  removeApplicationDocument,
  storeApplicationDocument,
} from '../documents';
import type { Trx } from '../workflow/context';
import { applicantActor, lockOwnApplication } from './lock-own';
import { findOwnApplicationRow, getOwnApplication } from './own-applications';

/** The statuses in which the applicant's documents may change: before review, or when asked. */
const openToApplicant: ReadonlySet<ApplicationRow['status']> = new Set([
  'draft',
  'information-requested',
]);

/**
 * The applicant's own application `FOR UPDATE` (another's is a 404 like a missing one), refused
 * once it left their hands. Uploads carry no version: each adds to the list the row holds, and
 * the lock orders two at once.
 */
async function lockOwnOpenApplication(trx: Trx, uid: string, aid: string) {
  const row = await lockOwnApplication(trx, uid, aid, undefined);
  if (!openToApplicant.has(row.status)) {
    throw badInput(
      'params.aid',
      'status',
      `Application ${row.number} is ${row.status}: its documents can no longer change.`,
    );
  }
  return row;
}

const storedCount = (row: ApplicationRow) =>
  Array.isArray(row.documents) ? row.documents.length : 0;

/**
 * `POST /api/applications/{aid}/documents` on the portal: one PDF, PNG or JPEG (judged by its
 * bytes) of the caller's draft, at most 10 MB and 20 per application. With `replaces` the old
 * document goes in the same transaction, so a replace never leaves two or none.
 */
export async function uploadOwnDocument(
  db: Kysely<Database>,
  uid: string,
  aid: string,
  upload: {
    type: ApplicationDocumentType;
    fileName: string | undefined;
    replaces: string | undefined;
    bytes: Buffer;
  },
): Promise<TPortalDocumentUploadResult> {
  const file = checkedUpload(upload, portalDocumentContentTypes, 'PDF, PNG and JPEG');
  const actor = applicantActor(uid);
  const document = await writeTransaction(db, async (trx) => {
    let row = await lockOwnOpenApplication(trx, uid, aid);
    if (upload.replaces) row = await removeApplicationDocument(trx, actor, row, upload.replaces);
    if (storedCount(row) >= maxPortalApplicationDocuments) {
      throw badInput(
        'body.file',
        'too_big',
        `Application ${row.number} has ${maxPortalApplicationDocuments} documents already: remove one first.`,
      );
    }
    const stored = await storeApplicationDocument(trx, actor, row, file);
    return stored.document;
  });
  const application = await getOwnApplication(db, uid, aid);
  // The applicant's view of it (no uploader's uid), as the application now lists it.
  const shown = application.documents.find((listed) => listed.id === document.id);
  if (!shown) throw new AppError('not-found', `You have no document ${document.id}.`);
  return { document: shown, application };
}

/** `DELETE /api/applications/{aid}/documents/{id}` on the portal: the caller's own, while open. */
export async function removeOwnDocument(
  db: Kysely<Database>,
  uid: string,
  aid: string,
  id: string,
) {
  await writeTransaction(db, async (trx) => {
    const row = await lockOwnOpenApplication(trx, uid, aid);
    await removeApplicationDocument(trx, applicantActor(uid), row, id);
  });
  return getOwnApplication(db, uid, aid);
}

/** A stored document of the caller's own application (another's is a 404 like a missing one). */
export async function getOwnDocumentFile(
  db: Kysely<Database>,
  uid: string,
  aid: string,
  id: string,
) {
  await findOwnApplicationRow(db, uid, aid);
  try {
    return await getApplicationDocumentFile(db, aid, id);
  } catch (error) {
    if (error instanceof AppError) throw new AppError('not-found', `You have no document ${id}.`);
    throw error;
  }
}
