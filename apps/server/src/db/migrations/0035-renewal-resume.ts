import { sql, type Kysely } from 'kysely';

/**
 * Issue 17: a renewal run is a job on the queue, and a job whose instance dies is taken over by
 * another. The run remembers the last member of its last committed batch (written in that
 * batch's transaction), so the attempt that takes it over resumes right after it, on the same
 * run, with exact counts (the renewal dialog follows that run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE invoice_renewal_runs ADD COLUMN resume_after text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE invoice_renewal_runs DROP COLUMN resume_after`.execute(db);
}
