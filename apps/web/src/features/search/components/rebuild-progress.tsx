import type { TSearchTask } from '@ops/contract';
import { ProgressBar } from '@/components/progress-bar';
import { formatProgress } from '../utils/format';

/** A running rebuild: documents written of those expected, as a bar and in words. */
export function RebuildProgress({ task }: { task: TSearchTask }) {
  // The total is known once the task starts; until then how long it takes is unknown.
  if (task.status === 'enqueued' || task.total === 0) {
    return (
      <div className="flex flex-col gap-2">
        <ProgressBar label="Rebuild waiting to start" />
        <p className="text-sm text-slate-600">Rebuild #{task.uid} is waiting to start…</p>
      </div>
    );
  }
  const fraction = Math.min(1, task.processed / task.total);
  const percent = Math.floor(fraction * 100);
  const text = formatProgress(task.processed, task.total);
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={`Rebuild #${task.uid}`}
        aria-valuemin={0}
        aria-valuemax={task.total}
        aria-valuenow={task.processed}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-sky-100"
      >
        <div
          className="h-full rounded-full bg-sky-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${fraction * 100}%` }}
        />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        <span className="font-medium tabular-nums">{text}</span>{' '}
        <span className="text-slate-600">
          ({percent}%{task.status === 'processing' ? ', rebuilding' : ''})
        </span>
      </p>
    </div>
  );
}
