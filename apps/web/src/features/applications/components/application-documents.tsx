import {
  applicationDocumentContentTypes,
  applicationDocumentTypes,
  finalApplicationStatuses,
  maxApplicationDocumentBytes,
  type ApplicationDocumentType,
  type TApplicationDetail,
  type TApplicationDocument,
} from '@ops/contract';
import { useId, useState, type DragEvent } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { formatDateTime } from '@ops/ui/format';
import { getErrorMessage } from '@ops/ui/error-message';
import { useDeleteDocument } from '../api/delete-application-document';
import { documentHref } from '../api/get-application';
import { useUploadDocument } from '../api/upload-application-document';
import { documentTypeLabels, formatBytes } from './application-labels';
import { SuccessNote } from '@/components/success-note';
import { StackedField } from '@/components/stacked-field';

const linkClass = 'text-sky-800 underline decoration-sky-300 underline-offset-2 hover:text-sky-950';

/**
 * The stored file inline: a PDF in the browser's viewer, an image as itself.
 *
 * The PDF's frame has no `sandbox` attribute on purpose: Chromium refuses to start its PDF viewer
 * in any sandboxed frame, whatever the `allow-*` tokens (tried with none, `allow-scripts`,
 * `allow-same-origin` and both: an error page instead of the preview). The sandbox comes with the
 * file instead: the server sends every document with `Content-Security-Policy: sandbox;
 * default-src 'none'` and `nosniff`, which makes it a script-free document of an opaque origin in
 * this frame, in a tab of its own or anywhere else, and accepts only files that are a PDF or an
 * image from their first byte on.
 */
function DocumentPreview({ aid, document }: { aid: string; document: TApplicationDocument }) {
  if (!document.id) return null;
  const href = documentHref(aid, document.id);
  const title = `Preview of ${document.fileName}`;
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2">
      {document.contentType === 'application/pdf' ? (
        <iframe title={title} src={href} className="h-[36rem] w-full rounded bg-white" />
      ) : (
        <img
          src={href}
          alt={title}
          className="max-h-[36rem] w-auto self-center rounded bg-white object-contain"
        />
      )}
      <figcaption className="text-xs text-slate-600">
        {documentTypeLabels[document.type]}: {document.fileName} ·{' '}
        <a className={linkClass} href={href} target="_blank" rel="noreferrer">
          Open in a new tab
        </a>
      </figcaption>
    </figure>
  );
}

/** The file chosen or dropped, checked before it is sent (the server checks it again). */
function problemWith(file: File): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxApplicationDocumentBytes) {
    return `${file.name} is ${formatBytes(file.size)}; at most 10 MB can be uploaded.`;
  }
  const isKnownType =
    (applicationDocumentContentTypes as readonly string[]).includes(file.type) ||
    /\.(pdf|png|jpe?g|webp)$/i.test(file.name);
  return isKnownType ? null : `${file.name} is not a PDF, PNG, JPEG or WebP file.`;
}

function UploadForm({
  application,
  onUploaded,
}: {
  application: TApplicationDetail;
  onUploaded: (id: string | null) => void;
}) {
  const upload = useUploadDocument(application.aid);
  const [type, setType] = useState<ApplicationDocumentType>(
    application.status === 'awaiting-endorsement' ? 'endorsement-letter' : 'application-form',
  );
  const [localError, setLocalError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const typeId = useId();
  const fileId = useId();

  const send = (file: File | undefined) => {
    setDone(null);
    upload.reset();
    if (!file) return;
    const problem = problemWith(file);
    setLocalError(problem);
    if (problem) return;
    upload.mutate(
      { type, file },
      {
        onSuccess: (result) => {
          setDone(
            `Uploaded ${result.document.fileName} as ${documentTypeLabels[result.document.type].toLowerCase()}.`,
          );
          onUploaded(result.document.id);
        },
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    send(event.dataTransfer.files[0]);
  };

  const error = localError ?? (upload.error ? getErrorMessage(upload.error) : null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <StackedField controlId={typeId} label="Document type">
          <select
            id={typeId}
            value={type}
            onChange={(event) => setType(event.target.value as ApplicationDocumentType)}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {applicationDocumentTypes.map((option) => (
              <option key={option} value={option}>
                {documentTypeLabels[option]}
              </option>
            ))}
          </select>
        </StackedField>
      </div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={[
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm',
          isDragging ? 'border-sky-500 bg-sky-50' : 'border-slate-300 bg-white',
        ].join(' ')}
      >
        <p className="text-slate-600">Drop a PDF or an image here (at most 10 MB), or</p>
        <label
          htmlFor={fileId}
          className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600"
        >
          {upload.isPending ? 'Uploading…' : 'Choose a file'}
          <input
            id={fileId}
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(event) => {
              send(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {done ? <SuccessNote>{done}</SuccessNote> : null}
    </div>
  );
}

/**
 * The application's documents: each stored one can be previewed inline (PDFs in the browser's
 * viewer, images as images) or opened; reviewers upload more (choose or drag and drop) and
 * remove one uploaded by mistake while the application is open.
 */
export function ApplicationDocuments({
  application,
  canReview,
}: {
  application: TApplicationDetail;
  canReview: boolean;
}) {
  const stored = application.documents.filter((document) => document.isStored);
  const [previewId, setPreviewId] = useState<string | null>(stored.at(-1)?.id ?? null);
  const [removing, setRemoving] = useState<TApplicationDocument | null>(null);
  const remove = useDeleteDocument(application.aid);
  const isOpen = !finalApplicationStatuses.includes(application.status);
  const previewed = application.documents.find(
    (document) => document.id && document.id === previewId,
  );

  return (
    <div className="flex flex-col gap-4">
      {application.documents.length === 0 ? (
        <p className="text-sm text-slate-600">No documents yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {application.documents.map((document, index) => (
            <li
              key={document.id ?? `legacy-${index}`}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{documentTypeLabels[document.type]}</p>
                <p className="break-words text-slate-600">
                  {document.fileName} · {formatBytes(document.sizeBytes)} ·{' '}
                  {formatDateTime(document.uploadedAt)}
                </p>
                {document.isStored ? null : (
                  <p className="text-xs text-slate-500">
                    Listed by the application form; the file itself is not in the console.
                  </p>
                )}
              </div>
              {document.id ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-pressed={previewId === document.id}
                    onClick={() => setPreviewId(previewId === document.id ? null : document.id)}
                  >
                    {previewId === document.id ? 'Hide preview' : 'Preview'}
                    <span className="sr-only"> {document.fileName}</span>
                  </Button>
                  {canReview && isOpen ? (
                    <Button variant="secondary" onClick={() => setRemoving(document)}>
                      Remove<span className="sr-only"> {document.fileName}</span>
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {previewed ? <DocumentPreview aid={application.aid} document={previewed} /> : null}
      {canReview && isOpen ? (
        <UploadForm application={application} onUploaded={setPreviewId} />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title="Remove the document?"
        confirmLabel="Remove"
        busyLabel="Removing…"
        tone="danger"
        isBusy={remove.isPending}
        error={
          remove.error
            ? isVersionConflict(remove.error)
              ? `${getErrorMessage(remove.error)} The application has been reloaded: check it, then confirm again.`
              : getErrorMessage(remove.error)
            : null
        }
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!removing?.id) return;
          remove.mutate(
            { documentId: removing.id, version: application.version },
            {
              onSuccess: () => {
                if (previewId === removing.id) setPreviewId(null);
                setRemoving(null);
              },
            },
          );
        }}
      >
        {removing
          ? `${removing.fileName} will be removed from application ${application.number}. The history keeps a note of it.`
          : null}
      </ConfirmDialog>
    </div>
  );
}
