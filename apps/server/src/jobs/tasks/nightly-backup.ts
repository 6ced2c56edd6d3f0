import { nightlyBackupTaskName } from '@ops/contract/backups';
import { runNightlyBackup } from '../../backups';
import type { JobTask } from '../task';

/**
 * The nightly backup (issue 20, `backups/nightly.ts`): the whole database into BACKUP_DIR, then
 * the job's backups older than the retention (Settings → Backups) are deleted. At 02:30 in
 * Zurich, before the 03:30 certificate sweep and the 06:00 runs, when nobody works. A retry
 * after a kill makes a fresh backup (the unfinished file of the killed one is removed).
 */
export const nightlyBackupTask: JobTask = {
  name: nightlyBackupTaskName,
  title: 'Nightly backup',
  summary:
    'Backs up the whole database into the backup folder, then deletes its backups older than the retention.',
  schedule: { cron: '30 2 * * *', words: 'Every day at 02:30' },
  runNow: 'at-once',
  maxAttempts: 3,
  async run(context) {
    const { fileName, result, interrupted, retention } = await runNightlyBackup(context);
    return {
      file: fileName,
      format: result.format,
      bytes: result.bytes,
      sha256: result.sha256.slice(0, 12),
      ...(interrupted > 0 ? { interrupted } : {}),
      deleted: retention.deleted,
      ...(retention.failed > 0 ? { notDeleted: retention.failed } : {}),
    };
  },
};
