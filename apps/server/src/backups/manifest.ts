import type { BackupFormat } from './create-backup';

/** The name of the manifest inside a base backup's archive: its first entry. */
export const manifestEntryName = 'operations-backup.json';

/** What a base backup says about itself, read by restore before anything is extracted. */
export type BackupManifest = {
  format: BackupFormat;
  /** PostgreSQL's full version of the backed-up cluster, e.g. "18.4". */
  postgresVersion: string;
  /** Its major version: a physical backup starts only on the same major. */
  postgresMajor: number;
  /** The migrations applied when the backup started (kysely_migration), in order. */
  migrations: string[];
  createdAt: string;
  appVersion: string | null;
};

/** The version of the app, when the process was started by npm (`npm start`, `npm run ops`). */
export function appVersion(): string | null {
  return process.env.npm_package_version ?? null;
}
