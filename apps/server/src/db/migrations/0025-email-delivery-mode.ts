import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, "say what is true": without `SMTP_URL` the worker only writes an e-mail to the server
 * log, and the console called it "Sent". The worker now records how each e-mail left:
 * - `delivery_mode` on `emails` (the delivered e-mail) and on `email_deliveries` (each
 *   successful attempt): 'smtp' (a mail server accepted it) or 'log' (written to the server log,
 *   not delivered); NULL while nothing has succeeded.
 * - Rows delivered before this are told apart by what each transport leaves behind: a mail
 *   server's acceptance always names at least one accepted recipient (nodemailer throws when it
 *   accepts none), while the log transport records none. So a success with no accepted
 *   recipient was logged, any other success went through SMTP.
 * - The list's delivery filter reads an index equal to its sort expression, like every other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE emails
         ADD COLUMN delivery_mode text CHECK (delivery_mode IN ('smtp', 'log'));
       ALTER TABLE email_deliveries
         ADD COLUMN delivery_mode text CHECK (delivery_mode IN ('smtp', 'log'));
       UPDATE emails
          SET delivery_mode = CASE WHEN cardinality(accepted) = 0 THEN 'log' ELSE 'smtp' END
        WHERE state = 'SUCCESS';
       UPDATE email_deliveries
          SET delivery_mode = CASE WHEN cardinality(accepted) = 0 THEN 'log' ELSE 'smtp' END
        WHERE outcome = 'success';
       CREATE INDEX emails_list_delivery_mode_idx ON emails ((coalesce(delivery_mode, '~~')), eid);`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE emails DROP COLUMN delivery_mode;
       ALTER TABLE email_deliveries DROP COLUMN delivery_mode;`,
    )
    .execute(db);
}
