/**
 * A backup or restore refused for a reason a person can act on (a file that is not a backup, a
 * DATA_DIR in use, a missing pg_dump): the CLI prints the message and exits with code 2, never
 * a stack trace; the nightly job records it as the run's error.
 */
export class BackupInputError extends Error {
  override name = 'BackupInputError';
}

/** Why a backup failed, as every operator may read it: a code and words, no path or host. */
export type BackupFailure = {
  code: 'disk-full' | 'not-permitted' | 'missing' | 'refused' | 'interrupted' | 'failed';
  reason: string;
};

/**
 * The row's short reason for a failed backup (issue 31): the full error, with the backup
 * folder's path and `pg_dump`'s host and port, goes to the server's log, which only its
 * administrators read; the list shows every operator the code and a reason without them.
 */
export function backupFailureOf(error: unknown): BackupFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return { code: 'disk-full', reason: 'The backup folder ran out of space.' };
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return { code: 'not-permitted', reason: 'The server may not write to the backup folder.' };
  }
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EEXIST') {
    return {
      code: 'missing',
      reason: 'The backup folder, or a tool the backup needs, is missing or not a folder.',
    };
  }
  if (error instanceof BackupInputError) {
    return {
      code: 'refused',
      reason: 'The backup could not start; the server log says why (an administrator can read it).',
    };
  }
  if ((error as { name?: unknown } | null)?.name === 'AbortError') {
    return { code: 'interrupted', reason: 'The backup was stopped before it finished.' };
  }
  return {
    code: 'failed',
    reason: 'The backup failed; the server log has the details (an administrator can read it).',
  };
}
