import { createHash } from 'node:crypto';
import {
  applicationDocumentContentTypes,
  finalApplicationStatuses,
  maxApplicationDocumentBytes,
  type ApplicationDocumentType,
  type TApplicationDocument,
  type TApplicationDocumentUploadResult,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import type { OperatorActor } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError, badInput } from '../errors';
import { newId } from '../lib/ids';
import {
  documentRefs,
  getApplicationDetail,
  toDocument,
  type ApplicationRow,
  type StoredDocumentRef,
} from './detail';
import { lockApplication, writeApplication } from './workflow';
import type { Trx } from './workflow/context';

/**
 * What a file is, from its first bytes (never from its name or the browser's claim): only PDFs
 * and the images a browser shows inline are accepted. Each signature must open the file, at
 * offset 0: a file that starts as something else (HTML, say) and carries `%PDF-` further on is
 * a polyglot, which some reader would take for what it first looks like.
 */
export function detectDocumentType(bytes: Buffer): string | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp'; // RIFF....WEBP
  }
  return null;
}

const extensionOf: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The name to keep: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char !== '"' && char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(-200);
  return cleaned || `document.${extensionOf[contentType] ?? 'bin'}`;
}

function refuseClosed(row: ApplicationRow): void {
  if (finalApplicationStatuses.includes(row.status)) {
    throw badInput(
      'params.aid',
      'transition',
      `Application ${row.number} is ${row.status}; its documents can no longer change.`,
    );
  }
}

/**
 * What an upload's bytes are, or the 400/413 naming `body.file`: empty, too large, or not one of
 * `accepted` by its content (the console takes WebP too; applicants PDFs, PNGs and JPEGs).
 */
export function checkUploadedFile(
  bytes: Buffer,
  accepted: readonly string[] = applicationDocumentContentTypes,
  acceptedNames = 'PDF, PNG, JPEG and WebP',
): string {
  if (bytes.length === 0) {
    throw badInput('body.file', 'too_small', 'The file is empty.');
  }
  if (bytes.length > maxApplicationDocumentBytes) {
    throw new AppError('payload-too-large', 'The file is larger than 10 MB.');
  }
  const contentType = detectDocumentType(bytes);
  if (!contentType || !accepted.includes(contentType)) {
    throw badInput(
      'body.file',
      'file-type',
      `Only ${acceptedNames} files can be uploaded (judged by the file’s content, not its name).`,
    );
  }
  return contentType;
}

/** An upload as it is stored: its bytes judged (`checkUploadedFile`) and its name cleaned. */
export type CheckedUpload = {
  type: ApplicationDocumentType;
  fileName: string;
  contentType: string;
  bytes: Buffer;
};

/**
 * An uploaded document checked and named before its transaction, the console's and the
 * applicant's alike (`accepted` and `acceptedNames` as for `checkUploadedFile`).
 */
export function checkedUpload(
  upload: { type: ApplicationDocumentType; fileName: string | undefined; bytes: Buffer },
  accepted?: readonly string[],
  acceptedNames?: string,
): CheckedUpload {
  const contentType = checkUploadedFile(upload.bytes, accepted, acceptedNames);
  return {
    type: upload.type,
    fileName: cleanFileName(upload.fileName, contentType),
    contentType,
    bytes: upload.bytes,
  };
}

/**
 * Inside the caller's transaction, on the application row it locked: the bytes into
 * application_documents (so that any instance serves it), the reference into the application's
 * `documents`, one audit entry. The console's upload and the applicant's share it.
 */
export async function storeApplicationDocument(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  upload: CheckedUpload,
): Promise<{ document: TApplicationDocument; row: ApplicationRow }> {
  const id = newId();
  const stored = await trx
    .insertInto('application_documents')
    .values({
      id,
      aid: row.aid,
      type: upload.type,
      file_name: upload.fileName,
      content_type: upload.contentType,
      size_bytes: upload.bytes.length,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      content: upload.bytes,
      uploaded_by: actor.uid,
    })
    .returning(['uploaded_at'])
    .executeTakeFirstOrThrow();
  const ref: StoredDocumentRef = {
    id,
    type: upload.type,
    fileName: upload.fileName,
    contentType: upload.contentType,
    sizeBytes: upload.bytes.length,
    uploadedAt: stored.uploaded_at.toISOString(),
    uploadedBy: actor.uid,
  };
  const written = await writeApplication(
    trx,
    actor,
    row,
    { documents: JSON.stringify([...documentRefs(row), ref]) },
    { action: 'upload-document', reason: `Uploaded ${upload.fileName} (${upload.type})` },
  );
  return { document: toDocument(ref), row: written };
}

/**
 * Inside the caller's transaction: removes document `id` of the locked application (its bytes
 * and its reference, audited); 404 when the application does not list it.
 */
export async function removeApplicationDocument(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  id: string,
): Promise<ApplicationRow> {
  const refs = documentRefs(row);
  const removed = refs.find((ref) => ref.id === id);
  if (!removed) throw new AppError('not-found', `Application ${row.number} has no document ${id}.`);
  await trx
    .deleteFrom('application_documents')
    .where('id', '=', id)
    .where('aid', '=', row.aid)
    .execute();
  return writeApplication(
    trx,
    actor,
    row,
    { documents: JSON.stringify(refs.filter((ref) => ref.id !== id)) },
    { action: 'delete-document', reason: `Removed ${removed.fileName ?? id}` },
  );
}

/** The console's upload: one document of any open application. */
export async function uploadApplicationDocument(
  db: Kysely<Database>,
  actor: OperatorActor,
  aid: string,
  upload: { type: ApplicationDocumentType; fileName: string | undefined; bytes: Buffer },
): Promise<TApplicationDocumentUploadResult> {
  const file = checkedUpload(upload);
  const document = await writeTransaction(db, async (trx) => {
    const row = await lockApplication(trx, aid);
    refuseClosed(row);
    const stored = await storeApplicationDocument(trx, actor, row, file);
    return stored.document;
  });
  return { document, application: await getApplicationDetail(db, aid) };
}

/** A stored document's bytes, for serving; 404 when the application does not list it. */
export async function getApplicationDocumentFile(db: Kysely<Database>, aid: string, id: string) {
  const file = await db
    .selectFrom('application_documents as d')
    .innerJoin('applications as a', 'a.aid', 'd.aid')
    .select(['d.file_name', 'd.content_type', 'd.content', 'd.sha256'])
    .where('d.aid', '=', aid)
    .where('d.id', '=', id)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!file) throw new AppError('not-found', `Application ${aid} has no stored document ${id}.`);
  return file;
}

/** Removes a document the operator uploaded by mistake (version checked, audited). */
export async function deleteApplicationDocument(
  db: Kysely<Database>,
  actor: OperatorActor,
  aid: string,
  id: string,
  version: number,
) {
  await writeTransaction(db, async (trx) => {
    const row = await lockApplication(trx, aid, { version });
    refuseClosed(row);
    await removeApplicationDocument(trx, actor, row, id);
  });
  return getApplicationDetail(db, aid);
}
