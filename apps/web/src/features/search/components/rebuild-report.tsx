import type { SearchDocumentType, TSearchTask } from '@ops/contract';
import { formatCount, formatDurationMs } from '../utils/format';

const typeOrder: SearchDocumentType[] = ['profile', 'application', 'member', 'invoice'];

/** The outcome of a rebuild that ended while the screen followed it. */
export function RebuildReport({ task }: { task: TSearchTask }) {
  if (task.status === 'failed') {
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      >
        <p className="font-semibold">Rebuild #{task.uid} failed</p>
        <p className="mt-1 break-words">{task.error ?? 'No reason was given.'}</p>
        <p className="mt-1 text-red-800">
          The index kept serving its previous documents
          {task.durationMs === null
            ? ''
            : `; the attempt took ${formatDurationMs(task.durationMs)}`}
          .
        </p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950"
    >
      <p className="font-semibold">
        Rebuild #{task.uid} succeeded in {formatDurationMs(task.durationMs)}:{' '}
        {formatCount(task.processed)} documents
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {typeOrder
          .filter((type) => task.perType[type] !== undefined)
          .map((type) => (
            <li key={type}>
              {type}: <span className="tabular-nums">{formatCount(task.perType[type] ?? 0)}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
