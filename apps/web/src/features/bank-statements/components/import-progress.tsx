import { formatCount } from '@/components/detail';
import type { BankImportProgress } from './import-queue';

const megabyte = 1024 * 1024;

/** Bytes as people read them: "84 KB", "3.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < megabyte) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / megabyte).toFixed(bytes < 10 * megabyte ? 1 : 0)} MB`;
}

/** A determinate progress bar: how much of something is done. */
export function ProgressMeter({
  fraction,
  label,
  size = 'large',
}: {
  fraction: number;
  label: string;
  size?: 'large' | 'small';
}) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={[
        'w-full overflow-hidden rounded-full bg-slate-200',
        size === 'large' ? 'h-2.5' : 'h-1.5',
      ].join(' ')}
    >
      <div
        className="h-full bg-sky-600 transition-[width] duration-150 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** The import's progress: files done of total, bytes sent, entries imported so far. */
export function ImportProgress({ progress }: { progress: BankImportProgress }) {
  const { filesDone, filesTotal, bytesSent, bytesTotal, entries } = progress;
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      <ProgressMeter
        fraction={bytesTotal ? bytesSent / bytesTotal : filesTotal ? filesDone / filesTotal : 0}
        label="Import progress"
      />
      <p className="text-sm tabular-nums text-slate-700">
        {formatCount(filesDone)} of {formatCount(filesTotal)} {filesTotal === 1 ? 'file' : 'files'}{' '}
        done · {formatBytes(bytesSent)} of {formatBytes(bytesTotal)} ·{' '}
        {entries === 1 ? '1 entry' : `${formatCount(entries)} entries`} imported so far
      </p>
    </div>
  );
}
