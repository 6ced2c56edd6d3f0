import {
  jobRunStateLabels,
  jobRunTriggerLabels,
  type TJobRun,
  type TJobSchedule,
} from '@ops/contract/jobs';
import { ActionLink } from '@/components/action-link';
import { Button } from '@ops/ui/button';
import { paths } from '@/config/paths';
import { runDialogs, type RunDialogState } from '@/config/run-dialogs';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useJobs } from '../api/get-jobs';
import { useRunJobNow } from '../api/run-job-now';
import { useSetSchedulePaused } from '../api/set-schedule-paused';
import { formatDuration } from '@ops/ui/format';
import { formatResult, formatZurichTime } from '../utils/format';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';

const stateClass: Record<TJobRun['state'], string> = {
  queued: 'bg-slate-100 text-slate-700',
  running: 'bg-sky-100 text-sky-800',
  succeeded: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

function StateBadge({ state }: { state: TJobRun['state'] }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${stateClass[state]}`}>
      {jobRunStateLabels[state]}
    </span>
  );
}

/**
 * Run now for a job that writes to members or e-mails them: its own screen's dialog, which
 * previews what it would do (counts per level or currency, to how many) and runs it only when
 * confirmed (issue 32: one click here sent 134 reminders). The server refuses it from here.
 */
function PreviewRunLink({ schedule }: { schedule: TJobSchedule }) {
  const dialog = runDialogs.find((candidate) => candidate === schedule.name);
  if (!dialog) {
    return <span className="text-xs text-slate-600">Run it from {schedule.previewScreen}</span>;
  }
  return (
    <ActionLink
      to={paths.invoices.getHref()}
      state={{ runDialog: dialog } satisfies RunDialogState}
      aria-label={`Run ${schedule.title} now`}
      title={`Opens ${schedule.previewScreen ?? 'its screen'}: a preview first, nothing is sent until you confirm`}
    >
      Run now…
    </ActionLink>
  );
}

/** One schedule: what, when, next and last run; Run now and Pause/Resume for admins. */
function ScheduleRow({ schedule, canManage }: { schedule: TJobSchedule; canManage: boolean }) {
  const runNow = useRunJobNow();
  const setPaused = useSetSchedulePaused();
  const error = runNow.error ?? setPaused.error;
  return (
    <tr className="border-b border-slate-100 align-top" data-testid={`schedule-${schedule.name}`}>
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {schedule.title}
        <span className="block text-xs font-normal text-slate-600">{schedule.summary}</span>
      </th>
      <td className="py-2 pr-3">
        {schedule.description}
        <span className="block font-mono text-xs text-slate-600">
          {schedule.cron} · {schedule.timeZone}
        </span>
      </td>
      <td className="py-2 pr-3 tabular-nums">
        {schedule.paused ? (
          <span className="text-amber-800">Paused</span>
        ) : (
          formatZurichTime(schedule.nextRunAt)
        )}
      </td>
      <td className="py-2 pr-3 tabular-nums">
        {formatZurichTime(schedule.lastRunAt)}
        {schedule.lastOutcome ? (
          <span className="ml-2">
            <StateBadge state={schedule.lastOutcome} />
          </span>
        ) : null}
      </td>
      <td className="py-2 text-right">
        {canManage ? (
          <div className="flex flex-wrap justify-end gap-2">
            {schedule.runNow === 'through-preview' ? (
              <PreviewRunLink schedule={schedule} />
            ) : (
              <Button
                variant="secondary"
                isBusy={runNow.isPending}
                onClick={() => runNow.mutate(schedule.name)}
                aria-label={`Run ${schedule.title} now`}
              >
                {runNow.isPending ? 'Queuing…' : 'Run now'}
              </Button>
            )}
            <Button
              variant="secondary"
              isBusy={setPaused.isPending}
              onClick={() => setPaused.mutate({ name: schedule.name, paused: !schedule.paused })}
              aria-label={`${schedule.paused ? 'Resume' : 'Pause'} ${schedule.title}`}
            >
              {schedule.paused ? 'Resume' : 'Pause'}
            </Button>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="pt-1 text-xs text-red-700">
            {getErrorMessage(error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** A running job: its progress as a bar and in counts. */
function RunningJob({ run }: { run: TJobRun }) {
  const total = run.progressTotal ?? 0;
  const done = Math.min(run.progressDone ?? 0, total);
  const text =
    total > 0
      ? `${done.toLocaleString('en')} of ${total.toLocaleString('en')}`
      : run.state === 'queued'
        ? 'Waiting for a worker'
        : 'Started';
  return (
    <li className="flex flex-col gap-1" data-testid="running-job">
      <p className="text-sm">
        <span className="font-medium">{run.title}</span>{' '}
        <span className="text-slate-600">
          ({jobRunTriggerLabels[run.trigger].toLowerCase()}
          {run.attempt > 1 ? `, attempt ${run.attempt}` : ''}, since{' '}
          {formatZurichTime(run.startedAt ?? run.queuedAt)})
        </span>
      </p>
      <div
        role="progressbar"
        aria-label={run.title}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-sky-100"
      >
        <div
          className="h-full rounded-full bg-sky-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${total > 0 ? (done / total) * 100 : 0}%` }}
        />
      </div>
      <p className="text-xs text-slate-700 tabular-nums">{text}</p>
    </li>
  );
}

/**
 * /settings/jobs (issue 17): every schedule (what, when in words and cron, Europe/Zurich, next
 * and last run, outcome), the jobs running now with their progress, and the last 200 runs. Live
 * through the change feed; Run now and Pause/Resume for admins (`jobs.manage`).
 */
export function JobsRoute() {
  const { schedules, runs } = useJobs();
  const canManage = useCan('jobs.manage');
  if (schedules.isPending || runs.isPending) {
    return <p className="pt-4 text-sm text-slate-600">Loading…</p>;
  }
  if (schedules.isError || runs.isError) {
    return (
      <p role="alert" className="pt-4 text-sm text-red-700">
        {getErrorMessage(schedules.error ?? runs.error)}
      </p>
    );
  }
  const active = runs.data.filter((run) => run.state === 'running' || run.state === 'queued');
  return (
    <div className="flex flex-col gap-6 pt-4">
      <h2 className="text-lg font-semibold">Jobs</h2>
      <section aria-labelledby="job-schedules" className="flex flex-col gap-3">
        <h3 id="job-schedules" className="text-base font-semibold">
          Scheduled jobs
        </h3>
        <p className="text-sm text-slate-600">
          Jobs run on a queue shared by every server: each scheduled occurrence runs once, and a job
          whose server stops is taken over by another. Times are in Europe/Zurich.
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Schedules">
            <thead>
              <SmallTableHeaderRow
                columns={[
                  'Job',
                  'When',
                  'Next run',
                  'Last run',
                  { label: <span className="sr-only">Actions</span>, key: 'actions' },
                ]}
              />
            </thead>
            <tbody>
              {schedules.data.map((schedule) => (
                <ScheduleRow key={schedule.name} schedule={schedule} canManage={canManage} />
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="jobs-running" className="flex flex-col gap-3">
        <h3 id="jobs-running" className="text-base font-semibold">
          Running now
        </h3>
        {active.length === 0 ? (
          <p className="text-sm text-slate-600">No job is running.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {active.map((run) => (
              <RunningJob key={run.id} run={run} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="job-runs" className="flex flex-col gap-3">
        <h3 id="job-runs" className="text-base font-semibold">
          Last runs
        </h3>
        {runs.data.length === 0 ? (
          <p className="text-sm text-slate-600">No job has run yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Last runs">
              <thead>
                <SmallTableHeaderRow
                  columns={['Job', 'Started', 'Trigger', 'Duration', 'State', 'Result']}
                />
              </thead>
              <tbody>
                {runs.data.map((run) => (
                  <tr
                    key={run.id}
                    className="border-b border-slate-100 align-top"
                    data-testid={`run-${run.task}`}
                  >
                    <td className="py-1.5 pr-3">{run.title}</td>
                    <td className="py-1.5 pr-3 tabular-nums">
                      {formatZurichTime(run.startedAt ?? run.queuedAt)}
                    </td>
                    <td className="py-1.5 pr-3">
                      {jobRunTriggerLabels[run.trigger]}
                      {run.startedBy ? (
                        <span className="block text-xs text-slate-600">{run.startedBy}</span>
                      ) : null}
                    </td>
                    <td className="py-1.5 pr-3 tabular-nums">{formatDuration(run.durationMs)}</td>
                    <td className="py-1.5 pr-3">
                      <StateBadge state={run.state} />
                      {run.attempt > 1 ? (
                        <span className="block text-xs text-slate-600">attempt {run.attempt}</span>
                      ) : null}
                    </td>
                    <td className="py-1.5 text-xs text-slate-700">
                      {run.error ? <span className="text-red-700">{run.error}</span> : null}
                      {formatResult(run.result)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
