import { createHash } from 'node:crypto';
import { portalDocumentContentTypes, type TPortalChangeRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import { updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { checkUploadedFile, cleanFileName } from '../applications';
import { AppError, badInput } from '../errors';
import { memberUserActor, type PortalMember } from '../members';
import { changeRequestNotFound, lockOwnChangeRequest } from './detail';
import { requireCompanyKeeper } from './portal-company';
import { changeRequestsWithPeople, toPortalChangeRequest } from './request-view';

/**
 * `POST /api/change-requests/{id}/document` on the portal: one PDF, PNG or JPEG (judged by its
 * bytes, at most 10 MB) backing a pending request of the caller's member, e.g. the registry
 * extract of a new legal name. A second one replaces the first, in one transaction.
 */
export async function attachChangeRequestDocument(
  db: Kysely<Database>,
  member: PortalMember,
  uid: string,
  id: string,
  upload: { fileName: string | undefined; body: unknown },
): Promise<TPortalChangeRequest> {
  requireCompanyKeeper(member);
  // Whose request first: someone else's is a 404, whatever the body.
  const known = await db
    .selectFrom('member_change_requests')
    .select('id')
    .where('id', '=', id)
    .where('member_mid', '=', member.mid)
    .executeTakeFirst();
  if (!known) throw changeRequestNotFound(id);
  const bytes = upload.body;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw badInput('body.file', 'required', 'Send the file as the body.');
  }
  const contentType = checkUploadedFile(bytes, portalDocumentContentTypes, 'PDF, PNG and JPEG');
  const fileName = cleanFileName(upload.fileName, contentType);
  await writeTransaction(db, async (trx) => {
    const request = await lockOwnChangeRequest(trx, member.mid, id);
    if (request.status !== 'pending') {
      throw badInput(
        'params.id',
        'status',
        `The change request is ${request.status}: its document can no longer change.`,
      );
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await trx
      .insertInto('change_request_documents')
      .values({ request_id: id, sha256, content: bytes })
      .onConflict((conflict) =>
        conflict.column('request_id').doUpdateSet({ sha256, content: bytes }),
      )
      .execute();
    await updateRecord(
      trx,
      memberUserActor(uid),
      'member_change_requests',
      request,
      {
        document_file_name: fileName,
        document_content_type: contentType,
        document_size_bytes: bytes.length,
      },
      { action: 'upload-document', reason: `Attached ${fileName}` },
    );
  });
  const row = await changeRequestsWithPeople(db).where('r.id', '=', id).executeTakeFirstOrThrow();
  return toPortalChangeRequest(row);
}

/** A request's document bytes; `mid` scopes it to one member (the portal's reads). */
export async function getChangeRequestDocument(
  db: Kysely<Database>,
  id: string,
  mid?: string,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  let query = db
    .selectFrom('member_change_requests as r')
    .innerJoin('change_request_documents as d', 'd.request_id', 'r.id')
    .select(['r.document_file_name', 'r.document_content_type', 'd.content'])
    .where('r.id', '=', id);
  if (mid !== undefined) query = query.where('r.member_mid', '=', mid);
  const row = await query.executeTakeFirst();
  if (!row || !row.document_file_name || !row.document_content_type) {
    throw new AppError('not-found', `The change request ${id} has no document.`);
  }
  return {
    fileName: row.document_file_name,
    contentType: row.document_content_type,
    content: row.content,
  };
}
