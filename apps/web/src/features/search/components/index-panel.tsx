import type { TSearchIndexStats, TSearchTask } from '@ops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, focusRing } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@ops/ui/error-message';
import { isTaskRunning, useSearchTask } from '../api/get-search-task';
import { searchIndexesQueryKeys } from '../api/query-keys';
import { useStartRebuild } from '../api/start-rebuild';
import { formatCount, formatDateTime, formatDurationMs } from '../utils/format';
import { RebuildProgress } from './rebuild-progress';
import { RebuildReport } from './rebuild-report';
import { TypeBadge } from './type-badge';
import { TableHeaderRow } from '@ops/ui/table-header-row';

function RequestedBy({ uid }: { uid: string | null }) {
  if (uid === null) return <>the command line</>;
  return (
    <Link
      to={paths.user.getHref({ uid })}
      className={`rounded font-medium text-sky-800 underline ${focusRing}`}
    >
      {uid}
    </Link>
  );
}

function LastRebuild({ task }: { task: TSearchTask | null }) {
  if (!task) return <p className="text-sm text-slate-600">Never rebuilt.</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">When</dt>
      <dd>
        {formatDateTime(task.finishedAt)}{' '}
        <span className="text-slate-600">
          ({task.status === 'failed' ? 'failed' : 'succeeded'})
        </span>
      </dd>
      <dt className="text-slate-600">How long</dt>
      <dd>{formatDurationMs(task.durationMs)}</dd>
      <dt className="text-slate-600">Documents</dt>
      <dd className="tabular-nums">{formatCount(task.processed)}</dd>
      <dt className="text-slate-600">Asked by</dt>
      <dd>
        <RequestedBy uid={task.requestedBy} />
      </dd>
    </dl>
  );
}

/**
 * One index: its counts per type, its last rebuild, and the rebuild button with the progress
 * of the rebuild it started (or found running), followed live, then its report.
 */
export function IndexPanel({ stats }: { stats: TSearchIndexStats }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  /** The rebuild started from this screen: its report stays once it is over. */
  const [startedUid, setStartedUid] = useState<number | null>(null);
  const rebuild = useStartRebuild(stats.index, (task) => setStartedUid(task.uid));

  // A rebuild running now (whoever started it) comes first; else the one started from here.
  const followedUid = stats.currentTask?.uid ?? startedUid;
  const taskQuery = useSearchTask(followedUid);
  const followed =
    taskQuery.data ?? (stats.currentTask?.uid === followedUid ? stats.currentTask : null);
  const isRunning = isTaskRunning(followed) || rebuild.isPending;
  const hasEnded = followed !== null && !isTaskRunning(followed);

  // Once it ends, the counts and the last rebuild change: fetch them again.
  const endedUid = hasEnded ? followed.uid : null;
  useEffect(() => {
    if (endedUid === null) return;
    void queryClient.invalidateQueries({ queryKey: searchIndexesQueryKeys.list });
  }, [endedUid, queryClient]);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Index <code className="font-mono">{stats.index}</code>
          </h3>
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="text-slate-600">Documents</dt>
              <dd className="font-medium tabular-nums" data-testid="index-documents">
                {formatCount(stats.documents)}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-600">Last update</dt>
              <dd>{formatDateTime(stats.lastUpdatedAt)}</dd>
            </div>
          </dl>
        </div>
        <Button
          onClick={() => rebuild.mutate()}
          disabled={isRunning}
          className="disabled:cursor-not-allowed disabled:bg-sky-700/60"
        >
          Rebuild index
        </Button>
      </header>

      {rebuild.error ? (
        <ErrorCard title="The rebuild could not start" message={getErrorMessage(rebuild.error)} />
      ) : null}
      {followed && isTaskRunning(followed) ? <RebuildProgress task={followed} /> : null}
      {followed && hasEnded && followed.uid === startedUid ? (
        <RebuildReport task={followed} />
      ) : null}
      {taskQuery.error ? (
        <ErrorCard
          title="The rebuild's progress could not be read"
          message={getErrorMessage(taskQuery.error)}
        />
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left text-sm font-medium text-slate-800">
            Documents per type
          </caption>
          <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
            <TableHeaderRow
              columns={['Type', { label: 'Documents', isNumeric: true }, 'Last update']}
              padding="py-1.5"
              gap="pr-3"
            />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.types.map((row) => (
              <tr key={row.type}>
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  <TypeBadge type={row.type} />
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {formatCount(row.documents)}
                </td>
                <td className="py-1.5">{formatDateTime(row.lastUpdatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <h4 className="mb-2 text-sm font-medium text-slate-800">Last rebuild</h4>
          <LastRebuild task={stats.lastRebuild} />
        </div>
      </div>
    </section>
  );
}
