import { formatCount } from '@/components/detail';
import { formatFileSize, ProgressMeter } from '@/components/upload';
import type { BankImportProgress } from './import-queue';

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
        done · {formatFileSize(bytesSent)} of {formatFileSize(bytesTotal)} ·{' '}
        {entries === 1 ? '1 entry' : `${formatCount(entries)} entries`} imported so far
      </p>
    </div>
  );
}
