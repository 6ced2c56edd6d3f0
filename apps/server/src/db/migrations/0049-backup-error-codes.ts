import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: a failed backup's error showed every operator the backup folder's path and
 * `pg_dump`'s host and port. The row now keeps a short reason and its code; the full error goes
 * to the server's log. Earlier rows' texts are replaced by the generic reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE backups ADD COLUMN error_code text`.execute(db);
  await sql`
    UPDATE backups
       SET error_code = 'failed',
           error = 'The backup failed; the server log has the details (an administrator can read it).'
     WHERE status = 'failed' AND error IS NOT NULL
       AND error NOT LIKE 'Interrupted:%' AND error NOT LIKE 'The file was already gone%'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE backups DROP COLUMN IF EXISTS error_code`.execute(db);
}
