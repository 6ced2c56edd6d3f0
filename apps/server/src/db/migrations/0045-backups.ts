import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { settingsTable } from './settings-table';

/**
 * Issue 20, nightly backups: the retention setting and one row per backup the job made.
 *
 * - `backup_settings` (one row, as `dunning_settings`): how many days a backup the job made is
 *   kept. Versioned and audited through the records store (the settings screen saves it with
 *   the version read).
 * - `backups`: one row per backup made by the nightly job or its Run now (a backup made with
 *   `npm run ops -- backup` is the operator's own file, never listed nor deleted here). The row
 *   is written `running` before the file is begun, so a run killed half-way leaves a row that
 *   the next run finds (it becomes `failed` and its `.partial` file is removed); `succeeded`
 *   once the file is complete under its final name; `deleted` when retention removed it.
 *   Retention deletes only files recorded here, by `directory` and `file_name`, never anything
 *   else in the folder. `file_name` is a plain name (no `/`): nothing can point the deletion
 *   outside its folder.
 * - Both tables are on the change feed, so the backups screen follows a run live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
${settingsTable('backup_settings', 'backups', [
  'retention_days integer NOT NULL DEFAULT 14 CHECK (retention_days BETWEEN 1 AND 3650)',
])}

CREATE TABLE backups (
  id text PRIMARY KEY,
  file_name text NOT NULL CHECK (file_name <> '' AND file_name !~ '[/\\\\]' AND file_name NOT IN ('.', '..')),
  directory text NOT NULL CHECK (directory LIKE '/%'),
  format text CHECK (format IN ('base-backup', 'pg-dump')),
  bytes bigint CHECK (bytes >= 0),
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual', 'system')),
  job_run_id text,
  operator_uid text,
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'deleted')),
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer CHECK (duration_ms >= 0),
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'succeeded' OR (bytes IS NOT NULL AND sha256 IS NOT NULL AND format IS NOT NULL)),
  CHECK ((status = 'deleted') = (deleted_at IS NOT NULL))
);
-- The screen's list (newest first, keyset on started_at, id) and retention's walk.
CREATE INDEX backups_started_idx ON backups (started_at DESC, id DESC);
-- Two rows never name the same file while it is (or is being) on disk.
CREATE UNIQUE INDEX backups_file_idx ON backups (directory, file_name)
  WHERE status IN ('running', 'succeeded');

${changeFeedTriggers([
  ['backup_settings', 'id'],
  ['backups', 'id'],
])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE backups, backup_settings`.execute(db);
}
