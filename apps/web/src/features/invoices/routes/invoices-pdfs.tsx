import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { ProgressBar } from '@/components/progress-bar';
import { PageOfList, Screen } from '@/components/screen';
import { formatFileSize, ProgressMeter } from '@/components/upload';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { PdfUploadDropZone } from '../components/pdf-upload-drop-zone';
import { PdfUploadFileList } from '../components/pdf-upload-file-list';
import { usePdfUploadQueue, type PdfUploadItem } from '../components/pdf-upload-queue';
import { PdfUploadReport } from '../components/pdf-upload-report';

export function InvoicesPdfsRoute() {
  const canEdit = useCan('invoices.edit');
  return (
    <PageOfList listHref={paths.invoices.getHref()} listTitle="Invoices">
      <Screen
        title="Invoice PDFs upload"
        description="Drop many PDF files at once: each is matched to its invoice by the invoice number in its name, checked to be a PDF, stored and attached."
      >
        {canEdit ? (
          <PdfUpload />
        ) : (
          <p className="text-sm text-slate-700">
            Your operator roles do not allow attaching PDFs to invoices (it needs invoices.edit).
          </p>
        )}
      </Screen>
    </PageOfList>
  );
}

const finished = new Set(['attached', 'replaced', 'refused', 'failed']);

/** Files done of those sent, and bytes sent of their total. */
function OverallProgress({ items }: { items: readonly PdfUploadItem[] }) {
  const sending = items.filter((item) => item.isQueued);
  const done = sending.filter((item) => finished.has(item.state)).length;
  const totalBytes = sending.reduce((sum, item) => sum + item.file.size, 0);
  const sentBytes = sending.reduce(
    (sum, item) => sum + (finished.has(item.state) ? item.file.size : item.sent),
    0,
  );
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      <ProgressMeter fraction={totalBytes ? sentBytes / totalBytes : 0} label="Overall progress" />
      <p className="text-sm tabular-nums text-slate-700">
        {done.toLocaleString('en')} of {sending.length.toLocaleString('en')} files done ·{' '}
        {formatFileSize(sentBytes)} of {formatFileSize(totalBytes)}
      </p>
    </div>
  );
}

function PdfUpload() {
  const queue = usePdfUploadQueue();
  const [replace, setReplace] = useState(false);
  const replaceId = useId();
  const { items, phase } = queue;
  const matched = items.filter((item) => item.state === 'ready');
  const toSend = matched.filter((item) => !item.hasPdf || replace);
  const withPdf = matched.filter((item) => item.hasPdf).length;
  const unmatched = items.filter((item) => item.state === 'refused').length;
  const canAdd = phase === 'choose' || phase === 'review';

  return (
    <div className="flex flex-col gap-4">
      {canAdd || phase === 'checking' ? (
        <PdfUploadDropZone
          onFiles={(files) => void queue.addFiles(files)}
          isBusy={phase === 'checking'}
        />
      ) : null}
      {phase === 'checking' ? <ProgressBar label="Matching the file names to invoices" /> : null}
      {queue.checkError ? (
        <ErrorCard
          title="The file names could not be checked"
          message={`${queue.checkError} The server will match each file when it is sent.`}
        />
      ) : null}

      {phase === 'review' ? (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm text-slate-800">
            {matched.length.toLocaleString('en')} of {items.length.toLocaleString('en')} files match
            an invoice
            {unmatched
              ? `; ${unmatched.toLocaleString('en')} will not be sent (see why below)`
              : ''}
            {withPdf
              ? `; ${withPdf.toLocaleString('en')} for invoices that already have a PDF`
              : ''}
            .
          </p>
          <label htmlFor={replaceId} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              id={replaceId}
              type="checkbox"
              checked={replace}
              onChange={(event) => setReplace(event.target.checked)}
              className="size-4 accent-sky-700"
            />
            Replace existing PDFs
          </label>
          <div className="flex flex-wrap gap-2">
            <Button disabled={toSend.length === 0} onClick={() => void queue.upload(replace)}>
              {toSend.length === 1
                ? 'Upload 1 file'
                : `Upload ${toSend.length.toLocaleString('en')} files`}
            </Button>
            <Button variant="secondary" onClick={queue.reset}>
              Start again
            </Button>
          </div>
        </div>
      ) : null}

      {phase === 'uploading' || phase === 'done' ? <OverallProgress items={items} /> : null}
      {phase === 'uploading' ? (
        <div>
          <Button variant="secondary" onClick={queue.cancel}>
            Stop after the files being sent
          </Button>
        </div>
      ) : null}
      {phase === 'done' ? (
        <>
          <PdfUploadReport items={items} />
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={paths.invoices.getHref()}
              className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
            >
              Back to the invoices
            </Link>
            <Button variant="secondary" onClick={queue.reset}>
              Upload more files
            </Button>
          </div>
        </>
      ) : null}

      {items.length > 0 ? <PdfUploadFileList items={items} replace={replace} /> : null}
    </div>
  );
}
