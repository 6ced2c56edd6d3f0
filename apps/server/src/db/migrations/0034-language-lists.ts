import { sql, type Kysely } from 'kysely';

/**
 * Issue 17, the preferred language where members are listed and imported:
 * - The members list sorts and filters by it, so it has the list's index `(column, mid)` on live
 *   members like every other sort (migration 0005). A plain column: its statistics are
 *   PostgreSQL's own, no extended statistics needed.
 * - The member CSV upload stages a `preferred_language` column (appended, as 0023 appended to
 *   the invoice rows; `uploads/tables-sql.test.ts` compares the tables with their definition).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE INDEX members_list_language_idx ON members (preferred_language, mid)
         WHERE deleted_at IS NULL;
       ALTER TABLE member_upload_rows ADD COLUMN preferred_language text;`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE member_upload_rows DROP COLUMN preferred_language;
       DROP INDEX members_list_language_idx;`,
    )
    .execute(db);
}
