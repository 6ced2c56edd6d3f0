import type { TMemberUpload } from '@ops/contract';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { rejectedRowsHref } from '../api/upload-members';
import { formatCount } from '../utils/upload-steps';

/** What the commit did, the rejected rows to download, and the way on. */
export function UploadReport({
  upload,
  onAnother,
}: {
  upload: TMemberUpload;
  onAnother: () => void;
}) {
  const result = upload.result;
  if (!result) return null;
  const figures = [
    ['Added', result.inserted],
    ['Updated', result.updated],
    ['Unchanged', result.unchanged],
    ['Rejected', result.rejected],
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-800">
        {upload.filename} was committed (
        {result.mode === 'valid-only' ? 'valid rows only' : 'all or nothing'}) at{' '}
        {new Date(result.committedAt).toLocaleString('en-GB')}.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Upload result">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs uppercase text-slate-500">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">
        {result.searchIndexedAt
          ? 'The search index is up to date.'
          : 'The members are saved; the search index is catching up.'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {result.rejected > 0 ? (
          <a
            href={rejectedRowsHref(upload.id)}
            download
            className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
          >
            Download the rejected rows (CSV)
          </a>
        ) : null}
        <Link
          to={paths.members.getHref()}
          className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
        >
          Back to the members
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          Upload another file
        </Button>
      </div>
    </div>
  );
}
