import { portalDocumentContentTypes } from '@ops/contract/portal-applications';
import { isApiError } from '@ops/ui/api-client';
import type { UploadProgress } from '../applications/documents-api';
import { useFileSize } from '../applications/file-size';
import { useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import type { CompanyMessageId } from './fields';

/** The largest file the server takes (maxApplicationDocumentBytes): refused before it is sent. */
const maxBytes = 10 * 1024 * 1024;
export const documentAccept = [...portalDocumentContentTypes, '.pdf', '.png', '.jpg', '.jpeg'].join(
  ',',
);

type DocumentMessageId = MessageId | CompanyMessageId;

/** What is wrong with a file before it is sent (empty, over 10 MB); its type the server judges. */
export function fileProblemOf(file: File): DocumentMessageId | null {
  if (file.size === 0) return 'documents.error.empty';
  if (file.size > maxBytes) return 'documents.error.tooLarge';
  return null;
}

/** A file as it goes: one of the three types picks the server's parser, anything else as bytes. */
export function uploadable(file: File): File {
  const known = (portalDocumentContentTypes as readonly string[]).includes(file.type);
  return known ? file : new File([file], file.name, { type: 'application/octet-stream' });
}

/** The server's refusal of a request's document, in words naming the file (`{fileName}`). */
export function uploadErrorOf(error: unknown): DocumentMessageId {
  if (!isApiError(error)) return 'documents.error.network';
  if (error.code === 'payload-too-large') return 'documents.error.tooLarge';
  const rule = error.issues?.[0]?.rule;
  if (rule === 'file-type') return 'documents.error.fileType';
  if (rule === 'too_small' || rule === 'required') return 'documents.error.empty';
  if (rule === 'status') return 'company.error.documentClosed';
  return 'documents.error.other';
}

export type Upload = { fileName: string } & UploadProgress;

/** A document on its way: a labelled `<progress>` and the bytes sent. */
export function UploadProgressBar({ id, upload }: { id: string; upload: Upload }) {
  const t = useMessages();
  const size = useFileSize();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm">
        {t('documents.uploading', { fileName: upload.fileName })}
      </label>
      <progress id={id} className="h-2 w-full" max={upload.total} value={upload.loaded} />
      <p className="text-sm text-slate-700">
        {t('documents.progress', {
          percent: String(upload.total ? Math.round((upload.loaded / upload.total) * 100) : 100),
          loaded: size(upload.loaded),
          total: size(upload.total),
        })}
      </p>
    </div>
  );
}
