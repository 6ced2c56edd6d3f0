import { z } from 'zod';
import { jobRunTriggers } from './jobs';

/**
 * Nightly backups (issue 20): the job's retention setting and the backups it made
 * (`/api/backups`). A backup made by hand with `npm run ops -- backup` is the operator's own file
 * and is not listed here.
 */

/** The scheduled task that makes them (its row on the Jobs screen, its Run now). */
export const nightlyBackupTaskName = 'nightly-backup';

export const backupStatuses = ['running', 'succeeded', 'failed', 'deleted'] as const;
export type BackupStatus = (typeof backupStatuses)[number];

export const backupStatusLabels: Record<BackupStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  deleted: 'Deleted (retention)',
};

export const backupFormats = ['base-backup', 'pg-dump'] as const;
export type BackupFormat = (typeof backupFormats)[number];

export const backupFormatLabels: Record<BackupFormat, string> = {
  'base-backup': 'Base backup (embedded database)',
  'pg-dump': 'pg_dump custom format',
};

/** The bounds of the retention, in days (the column's check repeats them). */
export const backupRetentionDays = { min: 1, max: 3_650, default: 14 } as const;

export const ZBackupSettings = z
  .object({
    retentionDays: z
      .number()
      .int()
      .describe(
        "Days a backup the job made is kept; older ones are deleted after a night's backup",
      ),
    version: z.number().int(),
    updatedAt: z.string().describe('ISO time'),
    updatedBy: z.string().nullable().describe('E-mail of the operator who last changed it'),
  })
  .describe('The nightly backup settings');
export type TBackupSettings = z.infer<typeof ZBackupSettings>;

export const ZBackupSettingsUpdate = z
  .object({
    retentionDays: z
      .number({ error: 'Enter a number of days' })
      .int('Whole days')
      .min(backupRetentionDays.min, `At least ${backupRetentionDays.min} day`)
      .max(backupRetentionDays.max, `At most ${backupRetentionDays.max.toLocaleString('en')} days`),
    version: z.number().int().min(1).describe('The version the operator read'),
  })
  .describe('Change how many days the nightly backups are kept');
export type TBackupSettingsUpdate = z.infer<typeof ZBackupSettingsUpdate>;

export const ZBackup = z
  .object({
    id: z.string(),
    fileName: z.string().describe('The file in the backup folder (no path)'),
    format: z.enum(backupFormats).nullable(),
    bytes: z.number().int().nullable(),
    sha256: z.string().nullable().describe('SHA-256 of the file, hex'),
    trigger: z.enum(jobRunTriggers).describe('schedule: the nightly run; manual: Run now'),
    jobRunId: z.string().nullable().describe('The run on the Jobs screen'),
    startedBy: z.string().nullable().describe('E-mail of the operator who pressed Run now'),
    status: z.enum(backupStatuses),
    error: z
      .string()
      .nullable()
      .describe('Why it failed, in words (no path or host: those are in the server log)'),
    errorCode: z
      .enum(['disk-full', 'not-permitted', 'missing', 'refused', 'interrupted', 'failed'])
      .nullable()
      .describe('Why it failed, as a code'),
    startedAt: z.string().describe('ISO time'),
    durationMs: z.number().int().nullable(),
    deletedAt: z.string().nullable().describe('When retention deleted the file'),
  })
  .describe('A backup the nightly job made');
export type TBackup = z.infer<typeof ZBackup>;

export const ZBackupsQuery = z.object({
  before: z
    .string()
    .regex(/^[^~]+~[A-Za-z0-9]{1,40}$/, 'The nextBefore of the previous page')
    .optional()
    .describe('Keyset: the nextBefore of the previous page'),
});
export type TBackupsQuery = z.infer<typeof ZBackupsQuery>;

export const ZBackups = z
  .object({
    settings: ZBackupSettings,
    backupDir: z
      .string()
      .nullable()
      .describe('The folder the job writes to (BACKUP_DIR); shown to those who manage jobs'),
    backups: z.array(ZBackup).describe('Up to 50, newest first'),
    nextBefore: z.string().nullable().describe('The next page, or null on the last'),
  })
  .describe('The backup settings and the recent backups');
export type TBackups = z.infer<typeof ZBackups>;
