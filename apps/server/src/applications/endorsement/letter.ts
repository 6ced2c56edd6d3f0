import { createHash } from 'node:crypto';
import type { TEndorsement } from '@ops/contract';
import { maxApplicationDocumentBytes } from '@ops/contract';
import { updateRecord } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { AppError, badInput } from '../../errors';
import { newId } from '../../lib/ids';
import { clock } from '../../lib/clock';
import { documentRefs, type StoredDocumentRef } from '../detail';
import { cleanFileName, detectDocumentType, getApplicationDocumentFile } from '../documents';
import type { WorkflowContext } from '../workflow/context';
import { endorsementLinkActor, findLinkByToken } from './by-token';
import { refuseUnanswerable } from './answer';
import { linkState, updateLinkAudited } from './links';
import { getEndorsement } from './read';

/**
 * `POST /api/endorsements/{token}/letter`: the association attaches its endorsement letter (a
 * PDF, judged by its content as the console judges uploads) while the link is open; it joins the
 * application's documents as its `endorsement-letter`. A second letter replaces the link's first.
 */
export async function attachEndorsementLetter(
  context: WorkflowContext,
  token: string,
  upload: { bytes: Buffer; fileName: string | undefined },
): Promise<TEndorsement> {
  if (upload.bytes.length === 0) throw badInput('body', 'too_small', 'The file is empty.');
  if (upload.bytes.length > maxApplicationDocumentBytes) {
    throw new AppError('payload-too-large', 'The file is larger than 10 MB.');
  }
  if (detectDocumentType(upload.bytes) !== 'application/pdf') {
    throw badInput(
      'body',
      'file-type',
      'The endorsement letter must be a PDF (judged by the file’s content, not its name).',
    );
  }
  const fileName = cleanFileName(upload.fileName ?? 'endorsement-letter.pdf', 'application/pdf');
  await writeTransaction(context.db, async (trx) => {
    const { link, application } = await findLinkByToken(trx, token, { forUpdate: true });
    refuseUnanswerable(link, linkState(link, application, clock.now()), context.mailFrom);
    const id = newId();
    const stored = await trx
      .insertInto('application_documents')
      .values({
        id,
        aid: application.aid,
        type: 'endorsement-letter',
        file_name: fileName,
        content_type: 'application/pdf',
        size_bytes: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        content: upload.bytes,
        uploaded_by: null,
      })
      .returning(['uploaded_at'])
      .executeTakeFirstOrThrow();
    const previous = link.letter_document_id;
    const refs = documentRefs(application).filter((ref) => !previous || ref.id !== previous);
    if (previous) {
      await trx.deleteFrom('application_documents').where('id', '=', previous).execute();
    }
    const ref: StoredDocumentRef = {
      id,
      type: 'endorsement-letter',
      fileName,
      contentType: 'application/pdf',
      sizeBytes: upload.bytes.length,
      uploadedAt: stored.uploaded_at.toISOString(),
      uploadedBy: null,
    };
    await updateRecord(
      trx,
      endorsementLinkActor,
      'applications',
      application,
      { documents: JSON.stringify([...refs, ref]) },
      { action: 'upload-document', reason: `Endorsement letter ${fileName}, through the link` },
    );
    await updateLinkAudited(
      trx,
      endorsementLinkActor,
      link,
      { letter_document_id: id },
      'attach-letter',
    );
  });
  return getEndorsement(context.db, context.mailFrom, token);
}

/**
 * `GET /api/endorsements/{token}/documents/{id}`: one of this application's documents while its
 * link is open; a document of another application is a 404 like a missing one.
 */
export async function endorsementDocument(context: WorkflowContext, token: string, id: string) {
  const { link, application } = await findLinkByToken(context.db, token);
  if (linkState(link, application, clock.now()) !== 'open') {
    throw new AppError('not-found', 'The documents are shown only while the link is open.');
  }
  if (!documentRefs(application).some((ref) => ref.id === id)) {
    throw new AppError('not-found', `The application has no document ${id}.`);
  }
  return getApplicationDocumentFile(context.db, application.aid, id);
}
