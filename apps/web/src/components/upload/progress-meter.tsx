const megabyte = 1024 * 1024;

/**
 * A file's size as the many-file uploads show it, short: "84 KB", "3.2 MB" (the CSV upload's
 * steps say "512 bytes", `upload-steps.ts`).
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < megabyte) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / megabyte).toFixed(bytes < 10 * megabyte ? 1 : 0)} MB`;
}

const fills = { sky: 'bg-sky-600', green: 'bg-emerald-600', red: 'bg-red-500' };

/** A determinate progress bar: how much of something is done (an upload's bytes, its files). */
export function ProgressMeter({
  fraction,
  label,
  size = 'large',
  tone = 'sky',
}: {
  fraction: number;
  label: string;
  size?: 'large' | 'small';
  tone?: keyof typeof fills;
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
        className={`h-full ${fills[tone]} transition-[width] duration-150 motion-reduce:transition-none`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
