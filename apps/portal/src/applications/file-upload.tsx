import { portalDocumentContentTypes } from '@ops/contract/portal-applications';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import type { UploadProgress } from './documents-api';
import { useFileSize } from './file-size';

/**
 * The files a document input offers: the three types the server reads (PDF, PNG, JPEG), by type
 * and by ending. The application's documents and the change requests' take the same.
 */
export const documentAccept = [...portalDocumentContentTypes, '.pdf', '.png', '.jpg', '.jpeg'].join(
  ',',
);

/** The largest file the server takes (maxApplicationDocumentBytes): refused before it is sent. */
const maxBytes = 10 * 1024 * 1024;

/** What is wrong with a file before it is sent (empty, over 10 MB); its type the server judges. */
export function fileProblemOf(file: File): MessageId | null {
  if (file.size === 0) return 'documents.error.empty';
  if (file.size > maxBytes) return 'documents.error.tooLarge';
  return null;
}

/** A file as it goes: one of the three types picks the server's parser, anything else as bytes. */
export function uploadable(file: File): File {
  const known = (portalDocumentContentTypes as readonly string[]).includes(file.type);
  return known ? file : new File([file], file.name, { type: 'application/octet-stream' });
}

/** The look of the portal's file inputs: its button as tall as a tap (44 px). */
export const fileInputClass =
  'min-h-11 max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3';

/** A file on its way: its name and the bytes sent of all. */
export type Upload = { fileName: string } & UploadProgress;

/**
 * A file on its way: a labelled `<progress>` and, unless `withBytes` is off, the bytes sent. The
 * one bar of the application's documents, the change requests' documents and the endorsement
 * letter; its label says which file (by default "Uploading {fileName}").
 */
export function UploadProgressBar({
  id,
  upload,
  label,
  withBytes = true,
}: {
  id: string;
  upload: Upload;
  label?: string;
  withBytes?: boolean;
}) {
  const t = useMessages();
  const size = useFileSize();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm">
        {label ?? t('documents.uploading', { fileName: upload.fileName })}
      </label>
      <progress id={id} className="h-2 w-full" max={upload.total} value={upload.loaded} />
      {withBytes ? (
        <p className="text-sm text-slate-700">
          {t('documents.progress', {
            percent: String(upload.total ? Math.round((upload.loaded / upload.total) * 100) : 100),
            loaded: size(upload.loaded),
            total: size(upload.total),
          })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A file input that hands over the one file chosen, then empties itself: choosing the same file
 * again (after a refusal, say) is a change again. The portal's upload inputs all work so.
 */
export function SingleFileInput({
  onFile,
  className = fileInputClass,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  onFile: (file: File) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      type="file"
      className={className}
      {...input}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}

/**
 * The state of a document input that uploads at once: the file on its way, the refusal and what
 * became of it (both said aloud by the caller). `start` clears the last outcome and refuses, in
 * words naming it, a file that cannot go (empty, over 10 MB): true when it may be sent.
 */
export function useUploadState<U extends Upload>() {
  const t = useMessages();
  const [upload, setUpload] = useState<U | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const start = (file: File) => {
    setError(null);
    setStatus(null);
    const problem = fileProblemOf(file);
    if (problem) setError(t(problem, { fileName: file.name }));
    return problem === null;
  };
  return { upload, setUpload, error, setError, status, setStatus, start };
}
