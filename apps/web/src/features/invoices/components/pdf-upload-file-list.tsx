import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatBytes, PdfUploadProgressBar } from './pdf-upload-progress';
import type { PdfUploadItem } from './pdf-upload-queue';

function Status({ item, replace }: { item: PdfUploadItem; replace: boolean }) {
  switch (item.state) {
    case 'checking':
      return <span className="text-slate-500">Checking…</span>;
    case 'ready':
      if (item.hasPdf) {
        return replace ? (
          <span className="text-amber-800">Will replace the invoice’s PDF</span>
        ) : (
          <span className="text-amber-800">
            The invoice already has a PDF: tick “Replace existing PDFs” to replace it
          </span>
        );
      }
      return <span className="text-slate-600">Ready</span>;
    case 'uploading':
      return (
        <span className="tabular-nums text-slate-600">
          Uploading {item.file.size ? Math.round((item.sent / item.file.size) * 100) : 0} %
        </span>
      );
    case 'attached':
      return <span className="font-medium text-emerald-700">Attached</span>;
    case 'replaced':
      return <span className="font-medium text-emerald-700">Replaced</span>;
    case 'refused':
    case 'failed':
      return <span className="text-red-700">{item.reason ?? 'Refused'}</span>;
  }
}

/**
 * Every file of the upload: its name and size, the invoice it matched, where it is, and while it
 * is sent its own progress bar. A list rather than a table: it fits the narrow detail pane.
 */
export function PdfUploadFileList({
  items,
  replace,
}: {
  items: readonly PdfUploadItem[];
  replace: boolean;
}) {
  return (
    <section
      aria-label="Files"
      className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
    >
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.key} data-state={item.state} className="flex flex-col gap-1 px-3 py-2">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium text-slate-900" title={item.file.name}>
                {item.file.name}
              </span>
              <span className="shrink-0 tabular-nums text-xs text-slate-500">
                {formatBytes(item.file.size)}
              </span>
            </div>
            <div className="flex flex-wrap gap-x-2 text-xs">
              {item.invoice ? (
                <Link
                  to={paths.invoice.getHref({ iid: item.invoice.iid })}
                  className="text-sky-700 underline hover:text-sky-900"
                >
                  Invoice {item.invoice.number}
                </Link>
              ) : null}
              <Status item={item} replace={replace} />
            </div>
            {item.state === 'uploading' || (item.isQueued && item.state === 'ready') ? (
              <PdfUploadProgressBar
                fraction={item.file.size ? item.sent / item.file.size : 0}
                label={`Upload of ${item.file.name}`}
                size="small"
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
