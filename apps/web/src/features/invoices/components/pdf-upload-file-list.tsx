import { Link } from 'react-router';
import { sentPercent, UploadFileList } from '@/components/upload';
import { paths } from '@/config/paths';
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
      return <span className="tabular-nums text-slate-600">Uploading {sentPercent(item)} %</span>;
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
 * is sent (or queued to be) its own progress bar.
 */
export function PdfUploadFileList({
  items,
  replace,
}: {
  items: readonly PdfUploadItem[];
  replace: boolean;
}) {
  return (
    <UploadFileList
      items={items}
      isScrollable
      isSending={(item) => item.state === 'uploading' || (item.isQueued && item.state === 'ready')}
      describe={(item) => (
        <>
          {item.invoice ? (
            <Link
              to={paths.invoice.getHref({ iid: item.invoice.iid })}
              className="text-sky-700 underline hover:text-sky-900"
            >
              Invoice {item.invoice.number}
            </Link>
          ) : null}
          <Status item={item} replace={replace} />
        </>
      )}
    />
  );
}
