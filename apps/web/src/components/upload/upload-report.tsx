import type { TUploadView } from '@ops/contract';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { formatDateTime } from '@ops/ui/format';
import { rejectedRowsHref } from '@/lib/api/uploads/get-invalid-rows';
import type { UploadDefinition } from './upload-definition';
import { formatCount } from './upload-steps';

/** What the commit did, the rejected rows to download, and the way on. */
export function UploadReport({
  definition,
  upload,
  onAnother,
}: {
  definition: UploadDefinition;
  upload: TUploadView;
  onAnother: () => void;
}) {
  const result = upload.result;
  if (!result) return null;
  const figures = definition.reportFigures(result);
  const note = definition.reportNote(upload);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-800">
        {upload.filename} was committed (
        {result.mode === 'valid-only' ? 'valid rows only' : 'all or nothing'}) at{' '}
        {formatDateTime(result.committedAt)}.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Upload result">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs uppercase text-slate-500">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">
              {value === null ? '…' : formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {result.rejected > 0 ? (
          <a
            href={rejectedRowsHref(definition.api, upload.id)}
            download
            className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
          >
            Download the rejected rows (CSV)
          </a>
        ) : null}
        <Link
          to={definition.back.href}
          className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
        >
          {definition.back.label}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          Upload another file
        </Button>
      </div>
    </div>
  );
}
