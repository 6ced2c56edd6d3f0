import type { TUploadProgress } from '@ops/contract';
import { ProgressBar } from '@/components/progress-bar';
import { describeProgress } from './upload-steps';

/**
 * How far the running step is, with counts. The shared ProgressBar is indeterminate (loading of
 * unknown length); it stands in until the first report gives a fraction.
 */
export function UploadProgress({ progress }: { progress: TUploadProgress | null }) {
  const { fraction, label } = describeProgress(progress);
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      {fraction === null ? (
        <ProgressBar label={label} />
      ) : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(fraction * 100)}
          className="h-2 w-full overflow-hidden rounded-full bg-sky-100"
        >
          <div
            className="h-full bg-sky-600 transition-[width] duration-300 motion-reduce:transition-none"
            style={{ width: `${fraction * 100}%` }}
          />
        </div>
      )}
      <p className="text-sm text-slate-700">
        {label}
        {fraction !== null ? ` (${Math.round(fraction * 100)} %)` : null}
      </p>
    </div>
  );
}
