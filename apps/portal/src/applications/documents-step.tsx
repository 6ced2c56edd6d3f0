import {
  portalDocumentsByCategory,
  type TPortalApplication,
} from '@ops/contract/portal-applications';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { useId, useRef, useState } from 'react';
import { Message, useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import { documentsApi, type UploadProgress } from './documents-api';
import { useFileSize } from './file-size';
import {
  documentAccept,
  SingleFileInput,
  uploadable,
  UploadProgressBar,
  useUploadState,
} from './file-upload';
import { ErrorAlert } from '../components/alert';

type Document = TPortalApplication['documents'][number];
type Category = TPortalApplication['category'];

/** A type's name for the category: an association's `other` is its statutes (contract). */
export function documentTypeLabel(category: Category, type: Document['type']): MessageId {
  if (category === 'association' && type === 'other') return 'documents.type.statutes';
  const labels: Partial<Record<Document['type'], MessageId>> = {
    'registry-extract': 'documents.type.registry-extract',
    insurance: 'documents.type.insurance',
    diploma: 'documents.type.diploma',
  };
  return labels[type] ?? 'documents.type.other';
}

/** The refusal in the person's words, naming the file and the rule the server gave. */
function uploadErrorOf(error: unknown): MessageId {
  if (!isApiError(error)) return 'documents.error.network';
  if (error.code === 'payload-too-large') return 'documents.error.tooLarge';
  const rule = error.issues?.[0]?.rule;
  if (rule === 'file-type') return 'documents.error.fileType';
  if (rule === 'too_big') return 'documents.error.tooMany';
  if (rule === 'too_small') return 'documents.error.empty';
  if (rule === 'status') return 'documents.error.closed';
  return 'documents.error.other';
}

type Upload = { type: Document['type']; fileName: string } & UploadProgress;

/**
 * The form's documents step: for the application's category the documents asked for (required or
 * optional), each with its files (name, size, Replace, Remove) and a file input to add one. Each
 * upload shows its bytes sent; a refusal is announced naming the file and the rule.
 */
export function DocumentsStep({
  application,
  onChange,
  onContinue,
  onBack,
}: {
  application: TPortalApplication;
  onChange: (application: TPortalApplication) => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  const t = useMessages();
  const size = useFileSize();
  const { upload, setUpload, error, setError, status, setStatus, start } = useUploadState<Upload>();
  const [busyId, setBusyId] = useState<string | null>(null);
  const asked = portalDocumentsByCategory[application.category];
  const askedTypes = new Set(asked.map((each) => each.type));
  const others = application.documents.filter((document) => !askedTypes.has(document.type));

  async function send(file: File, type: Document['type'], replaces: string | null) {
    if (!start(file)) return;
    const fileName = file.name;
    const body = uploadable(file);
    setUpload({ type, fileName, loaded: 0, total: file.size });
    try {
      const result = await documentsApi.upload(application.aid, body, {
        type,
        replaces,
        onProgress: (progress) => setUpload({ type, fileName, ...progress }),
      });
      onChange(result.application);
      setStatus(t('documents.uploaded', { fileName }));
    } catch (failure) {
      setUpload(null);
      setError(t(uploadErrorOf(failure), { fileName }));
    }
  }

  async function remove(document: Document) {
    if (!document.id) return;
    setError(null);
    setStatus(null);
    setUpload(null);
    setBusyId(document.id);
    try {
      onChange(await documentsApi.remove(application.aid, document.id));
      setStatus(t('documents.removed', { fileName: document.fileName }));
    } catch (failure) {
      setError(t(uploadErrorOf(failure), { fileName: document.fileName }));
    } finally {
      setBusyId(null);
    }
  }

  const sections = [
    ...asked.map((each) => ({ type: each.type, required: each.required as boolean | null })),
    ...(others.length > 0 && !askedTypes.has('other')
      ? [{ type: 'other' as const, required: null }]
      : []),
  ];

  return (
    <div className="space-y-4">
      <p>
        <Message id="documents.intro" />
      </p>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <p role="status" className={status ? 'text-sm text-emerald-800' : 'sr-only'}>
        {status}
      </p>
      {sections.map((section) => {
        const documents = application.documents.filter((document) =>
          section.type === 'other'
            ? document.type === 'other' || !askedTypes.has(document.type)
            : document.type === section.type,
        );
        return (
          <DocumentSection
            key={section.type}
            label={t(documentTypeLabel(application.category, section.type))}
            required={section.required}
            documents={documents}
            upload={upload?.type === section.type ? upload : null}
            busyId={busyId}
            size={size}
            onAdd={(file) => void send(file, section.type, null)}
            onReplace={(document, file) => void send(file, document.type, document.id)}
            onRemove={(document) => void remove(document)}
          />
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button className="min-h-11" onClick={onContinue}>
          <Message id="documents.continue" />
        </Button>
        <Button variant="secondary" className="min-h-11" onClick={onBack}>
          <Message id="form.back" />
        </Button>
      </div>
    </div>
  );
}

function DocumentSection({
  label,
  required,
  documents,
  upload,
  busyId,
  size,
  onAdd,
  onReplace,
  onRemove,
}: {
  label: string;
  required: boolean | null;
  documents: Document[];
  upload: Upload | null;
  busyId: string | null;
  size: (bytes: number) => string;
  onAdd: (file: File) => void;
  onReplace: (document: Document, file: File) => void;
  onRemove: (document: Document) => void;
}) {
  const t = useMessages();
  const id = useId();
  const isUploading = upload !== null && upload.loaded < upload.total;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-3"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {label}
        {/* The space keeps the heading's accessible name two words ("… Required"). */}
        {required !== null ? ' ' : null}
        {required !== null ? (
          <span className="ml-1 text-sm font-normal text-slate-600">
            {t(required ? 'documents.required' : 'documents.optional')}
          </span>
        ) : null}
      </h2>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Message id="documents.none" />
        </p>
      ) : (
        <ul className="space-y-2">
          {documents.map((document) => (
            <DocumentRow
              key={document.id ?? document.fileName}
              document={document}
              isBusy={busyId === document.id || isUploading}
              size={size}
              onReplace={(file) => onReplace(document, file)}
              onRemove={() => onRemove(document)}
            />
          ))}
        </ul>
      )}
      {upload ? <UploadProgressBar id={`${id}-progress`} upload={upload} /> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-add`} className="text-sm font-medium text-slate-800">
          {t('documents.add', { type: label })}
        </label>
        <SingleFileInput
          id={`${id}-add`}
          accept={documentAccept}
          disabled={isUploading}
          onFile={onAdd}
        />
      </div>
    </section>
  );
}

function DocumentRow({
  document,
  isBusy,
  size,
  onReplace,
  onRemove,
}: {
  document: Document;
  isBusy: boolean;
  size: (bytes: number) => string;
  onReplace: (file: File) => void;
  onRemove: () => void;
}) {
  const t = useMessages();
  const input = useRef<HTMLInputElement>(null);
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2">
      <span className="min-w-0 flex-1 break-words">
        <span>{document.fileName}</span>{' '}
        <span className="ml-1 text-sm text-slate-600">{size(document.sizeBytes)}</span>
      </span>
      <Button
        variant="secondary"
        className="min-h-11"
        isBusy={isBusy}
        aria-label={t('documents.replaceLabel', { fileName: document.fileName })}
        onClick={() => input.current?.click()}
      >
        {t('documents.replace')}
      </Button>
      <SingleFileInput
        ref={input}
        accept={documentAccept}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        data-replaces={document.id ?? undefined}
        onFile={onReplace}
      />
      <Button
        variant="secondary"
        className="min-h-11"
        isBusy={isBusy}
        aria-label={t('documents.removeLabel', { fileName: document.fileName })}
        onClick={onRemove}
      >
        {t('documents.remove')}
      </Button>
    </li>
  );
}

/** The review's list of the documents given, with the step's Edit. */
export function DocumentsReview({
  application,
  onEdit,
}: {
  application: TPortalApplication;
  onEdit: () => void;
}) {
  const t = useMessages();
  const size = useFileSize();
  return (
    <section
      aria-labelledby="review-documents"
      className="rounded-md border border-slate-200 bg-white p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="review-documents" className="font-semibold">
          <Message id="documents.review" />
        </h2>
        <Button variant="secondary" className="min-h-11" onClick={onEdit}>
          {t('review.edit')}
          <span className="sr-only"> {t('documents.review')}</span>
        </Button>
      </div>
      {application.documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          <Message id="documents.none" />
        </p>
      ) : (
        <dl className="mt-2 space-y-1">
          {application.documents.map((document) => (
            <div key={document.id ?? document.fileName} className="min-w-0">
              <dt className="text-xs text-slate-600">
                {t(documentTypeLabel(application.category, document.type))}
              </dt>
              <dd className="break-words">
                {document.fileName} · {size(document.sizeBytes)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
