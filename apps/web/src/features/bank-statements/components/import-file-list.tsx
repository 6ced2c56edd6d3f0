import { sentPercent, UploadFileList } from '@/components/upload';
import type { BankImportItem } from './import-queue';

function Status({ item }: { item: BankImportItem }) {
  switch (item.state) {
    case 'waiting':
      return <span className="text-slate-500">Waiting</span>;
    case 'sending':
      return (
        <span className="tabular-nums text-slate-600">
          {item.sent < item.file.size ? `Sending ${sentPercent(item)} %` : 'Matching and booking…'}
        </span>
      );
    case 'imported':
      return <span className="font-medium text-emerald-700">Imported</span>;
    case 'refused':
    case 'not-sent':
      return <span className="text-red-700">{item.reason ?? 'Not imported'}</span>;
  }
}

/** The files while they are sent: name, size, state, and the one being sent with its own bar. */
export function ImportFileList({ items }: { items: readonly BankImportItem[] }) {
  return (
    <UploadFileList
      items={items}
      describe={(item) => <Status item={item} />}
      isSending={(item) => item.state === 'sending'}
    />
  );
}
