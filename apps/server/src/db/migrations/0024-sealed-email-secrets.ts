import { sql, type Kysely } from 'kysely';

/**
 * Issue 13, the hole: a sign-in or password-reset e-mail kept its working link in the outbox, so
 * any operator who could read the e-mail log could sign in as its recipient.
 * - `emails.sealed_secret`: the link's code, encrypted with the outbox key (AES-256-GCM, the key
 *   in `server_secrets`); the stored text and HTML carry `oobCode=[redacted]` instead, and only
 *   the delivery worker puts the code back, in memory, as the message leaves.
 * - Rows written before this carry live codes in clear: they are redacted here. Their codes are
 *   short-lived anyway; an e-mail still waiting to leave goes out redacted, and the person asks
 *   for a new link.
 * - The partial index finds the few rows whose sealed code the maintenance job clears once the
 *   code has expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE emails ADD COLUMN sealed_secret text;
       CREATE INDEX emails_sealed_secret_idx ON emails (created_at) WHERE sealed_secret IS NOT NULL;
       UPDATE emails
          SET text_body = regexp_replace(text_body, 'oobCode=[^&\\s"''<>]+', 'oobCode=[redacted]', 'g'),
              html_body = regexp_replace(html_body, 'oobCode=[^&\\s"''<>]+', 'oobCode=[redacted]', 'g')
        WHERE text_body LIKE '%oobCode=%' OR html_body LIKE '%oobCode=%';`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE emails DROP COLUMN sealed_secret;`).execute(db);
}
