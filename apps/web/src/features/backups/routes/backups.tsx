import {
  backupFormatLabels,
  backupRetentionDays,
  backupStatusLabels,
  type TBackup,
  type TBackups,
  type TBackupSettings,
} from '@ops/contract/backups';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { CopyButton, formatDateTime, UnsavedChangesGuard } from '@/components/detail';
import {
  describeChange,
  LoadedSettings,
  SaveConflict,
  SaveOutcome,
  useSettingsSave,
} from '@/components/settings-form';
import { TextField } from '@ops/ui/text-field';
import { paths } from '@/config/paths';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useBackups } from '../api/get-backups';
import { useRunBackupNow } from '../api/run-backup-now';
import { useUpdateBackupSettings } from '../api/update-backup-settings';
import { formatDuration } from '@ops/ui/format';
import { formatSize, parseRetentionDays, shortSha256 } from '../utils/format';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';
import { SuccessNote } from '@/components/success-note';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

const statusClass: Record<TBackup['status'], string> = {
  running: 'bg-sky-100 text-sky-800',
  succeeded: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  deleted: 'bg-slate-100 text-slate-700',
};

function StatusBadge({ status }: { status: TBackup['status'] }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusClass[status]}`}>
      {backupStatusLabels[status]}
    </span>
  );
}

/** The retention form: checked as typed, saved with the version read (409 when stale). */
function RetentionForm({
  settings,
  onReload,
}: {
  settings: TBackupSettings;
  /** Fetches the settings again (after a version conflict). */
  onReload: () => Promise<TBackups | undefined>;
}) {
  const update = useUpdateBackupSettings();
  // The days the typed text starts from (the version they came with is the save cycle's).
  const [baselineDays, setBaselineDays] = useState(settings.retentionDays);
  const [text, setText] = useState(String(settings.retentionDays));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const isDirty = text.trim() !== String(baselineDays);
  const saving = useSettingsSave({
    record: settings,
    onReload: async () => (await onReload())?.settings,
    onFresh: (fresh) => {
      setBaselineDays(fresh.retentionDays);
      setText(String(fresh.retentionDays));
    },
  });

  // Someone else saved while the field was untouched: show their value (an edited field keeps
  // the person's text; saving it answers 409 and offers the reload).
  const [seen, setSeen] = useState(settings);
  if (seen !== settings) {
    setSeen(settings);
    if (!isDirty) saving.startFrom(settings);
  }

  const showFieldError = (message: string) => {
    setFieldError(message);
    input.current?.focus();
  };

  const save = async () => {
    setFieldError(null);
    saving.clear();
    const parsed = parseRetentionDays(text, backupRetentionDays);
    if (!parsed.ok) return showFieldError(parsed.message);
    try {
      const saved = await update.mutateAsync({
        retentionDays: parsed.days,
        version: saving.version,
      });
      saving.startFrom(saved);
      saving.succeed(`Saved: backups are kept ${saved.retentionDays} days.`);
    } catch (error) {
      saving.fail(error, (failure) => {
        const issue = isApiError(failure)
          ? failure.issues?.find((candidate) => candidate.path.includes('retentionDays'))
          : undefined;
        if (!issue) return getErrorMessage(failure);
        showFieldError(issue.message);
        return null;
      });
    }
  };

  return (
    <form
      noValidate
      aria-label="Backup retention"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <UnsavedChangesGuard isDirty={isDirty && !update.isPending} />
      <SaveConflict save={saving} />
      <TextField
        ref={input}
        label="Keep backups for (days)"
        help={`From ${backupRetentionDays.min} to ${backupRetentionDays.max.toLocaleString('en')} days. After each night’s backup, the job deletes its backups older than this; the newest is always kept.`}
        name="retentionDays"
        inputMode="numeric"
        autoComplete="off"
        className="max-w-xs"
        value={text}
        error={fieldError}
        onChange={(event) => setText(event.target.value)}
      />
      <SaveOutcome save={saving} isDirty={isDirty} />
      <div>
        <Button type="submit" isBusy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save retention'}
        </Button>
      </div>
    </form>
  );
}

/** Run now (those who manage jobs): queues the job's run, as the Jobs screen's button does. */
function RunNow() {
  const runNow = useRunBackupNow();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <div>
        <Button
          variant="secondary"
          isBusy={runNow.isPending}
          onClick={() =>
            runNow.mutate(undefined, {
              onSuccess: () =>
                setMessage('Backup queued: it appears below and on the Jobs screen as it runs.'),
            })
          }
        >
          {runNow.isPending ? 'Queuing…' : 'Back up now'}
        </Button>
      </div>
      {message && !runNow.isError ? <SuccessNote>{message}</SuccessNote> : null}
      {runNow.error ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(runNow.error)}
        </p>
      ) : null}
    </div>
  );
}

function BackupRow({ backup }: { backup: TBackup }) {
  const trigger =
    backup.trigger === 'schedule' ? 'Nightly' : backup.trigger === 'manual' ? 'Run now' : 'System';
  return (
    <tr className="border-b border-slate-100 align-top" data-testid="backup-row">
      <td className="py-1.5 pr-3 tabular-nums">{formatDateTime(backup.startedAt)}</td>
      <td className="py-1.5 pr-3">
        {trigger}
        {backup.startedBy ? (
          <span className="block text-xs text-slate-600">{backup.startedBy}</span>
        ) : null}
      </td>
      <td className="py-1.5 pr-3">
        <span className={`font-mono text-xs ${backup.status === 'deleted' ? 'line-through' : ''}`}>
          {backup.fileName}
        </span>
        {backup.format ? (
          <span className="block text-xs text-slate-600">{backupFormatLabels[backup.format]}</span>
        ) : null}
      </td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{formatSize(backup.bytes)}</td>
      <td className="py-1.5 pr-3">
        {backup.sha256 ? (
          <span className="inline-flex items-center gap-2">
            <span className="font-mono text-xs" title={backup.sha256}>
              {shortSha256(backup.sha256)}
            </span>
            <CopyButton value={backup.sha256} label={`SHA-256 of ${backup.fileName}`} />
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className="py-1.5 pr-3 tabular-nums">{formatDuration(backup.durationMs)}</td>
      <td className="py-1.5 text-xs">
        <StatusBadge status={backup.status} />
        {backup.deletedAt ? (
          <span className="block text-slate-600">on {formatDateTime(backup.deletedAt)}</span>
        ) : null}
        {backup.error ? <span className="block text-red-700">{backup.error}</span> : null}
      </td>
    </tr>
  );
}

/**
 * /settings/backups (issue 20): the nightly backup's retention (changed by those who manage
 * jobs, with the version read), the folder it writes to (for them), Run now, and the backups it
 * made with their size, checksum and state. Live through the change feed: a run appears when it
 * begins and turns succeeded or failed when it ends.
 */
export function BackupsRoute() {
  const backups = useBackups();
  const canManage = useCan('jobs.manage');
  return (
    <LoadedSettings query={backups}>
      {(data) => (
        <BackupsScreen
          data={data}
          canManage={canManage}
          onReload={() => backups.refetch().then((result) => result.data)}
        />
      )}
    </LoadedSettings>
  );
}

/** The loaded screen: the settings section and the recent backups. */
function BackupsScreen({
  data,
  canManage,
  onReload,
}: {
  data: TBackups;
  canManage: boolean;
  onReload: () => Promise<TBackups | undefined>;
}) {
  const { settings, backupDir } = data;
  return (
    <div className="flex flex-col gap-6 pt-4">
      <section aria-labelledby="backup-settings" className="flex flex-col gap-3">
        <h2 id="backup-settings" className="text-base font-semibold">
          Backups
        </h2>
        <p className="text-sm text-slate-600">
          Every night at 02:30 (Europe/Zurich) the{' '}
          <Link className={linkClass} to={paths.jobs.getHref()}>
            nightly backup job
          </Link>{' '}
          backs up the whole database into the backup folder, with a SHA-256 checksum file beside
          each backup. Then it deletes its own backups older than the retention; a failed night
          deletes nothing. Backups made by hand with <code>npm run ops -- backup</code> are not
          listed here and never deleted. A backup is restored with{' '}
          <code>npm run ops -- restore &lt;file&gt;</code> into an empty data folder.
        </p>
        {backupDir ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-slate-800">Backup folder</span>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{backupDir}</code>
            <CopyButton value={backupDir} label="backup folder" />
          </p>
        ) : null}
        {canManage ? (
          <RetentionForm settings={settings} onReload={onReload} />
        ) : (
          <p className="text-sm">
            Backups are kept <span className="tabular-nums">{settings.retentionDays}</span> days.
          </p>
        )}
        <p className="text-xs text-slate-600">{describeChange(settings)}</p>
      </section>

      <section aria-labelledby="recent-backups" className="flex flex-col gap-3">
        <h3 id="recent-backups" className="text-base font-semibold">
          Recent backups
        </h3>
        <p className="text-sm text-slate-600">
          The last 50, newest first. The run itself, with its progress, is on the{' '}
          <Link className={linkClass} to={paths.jobs.getHref()}>
            Jobs screen
          </Link>
          {canManage ? ', where Run now and Pause are too.' : '.'}
        </p>
        {canManage ? <RunNow /> : null}
        {data.backups.length === 0 ? (
          <p className="text-sm text-slate-600">No backup has been made by the job yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Recent backups">
              <thead>
                <SmallTableHeaderRow
                  columns={[
                    'When',
                    'Trigger',
                    'File',
                    { label: 'Size', isNumeric: true },
                    'SHA-256',
                    'Duration',
                    'Status',
                  ]}
                />
              </thead>
              <tbody>
                {data.backups.map((backup) => (
                  <BackupRow key={backup.id} backup={backup} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
