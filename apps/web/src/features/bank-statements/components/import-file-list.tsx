import { formatBytes, ProgressMeter } from './import-progress';
import type { BankImportItem } from './import-queue';

function Status({ item }: { item: BankImportItem }) {
  switch (item.state) {
    case 'waiting':
      return <span className="text-slate-500">Waiting</span>;
    case 'sending':
      return (
        <span className="tabular-nums text-slate-600">
          {item.sent < item.file.size
            ? `Sending ${item.file.size ? Math.round((item.sent / item.file.size) * 100) : 0} %`
            : 'Matching and booking…'}
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
    <section aria-label="Files" className="rounded-lg border border-slate-200">
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
            <div className="text-xs">
              <Status item={item} />
            </div>
            {item.state === 'sending' ? (
              <ProgressMeter
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
