/**
 * A backup or restore refused for a reason a person can act on (a file that is not a backup, a
 * DATA_DIR in use, a missing pg_dump): the CLI prints the message and exits with code 2, never
 * a stack trace; the nightly job records it as the run's error.
 */
export class BackupInputError extends Error {
  override name = 'BackupInputError';
}
