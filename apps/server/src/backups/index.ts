/** Backups' public surface: the CLI (`ops backup`/`ops restore`) and the nightly backup job. */
export {
  backupFormatOf,
  createBackup,
  defaultBackupFileName,
  type BackupFormat,
  type BackupResult,
} from './create-backup';
/** Refusals a person can act on: the CLI exits with code 2, a job records the message. */
export { BackupInputError } from './backup-error';
/** The checksum file beside a backup (the job's retention removes both). */
export { sidecarPath } from './backup-file';
/** The nightly backup job's work (issue 20, `jobs/tasks/nightly-backup.ts`). */
export { runNightlyBackup } from './nightly';
/** `ops restore`: a backup of either format back into an empty DATA_DIR or database. */
export { restoreBackup, type RestoreResult } from './restore-backup';
