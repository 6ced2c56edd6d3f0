import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { recordColumns } from './record-columns';

/**
 * Issue 17: editable e-mail templates. The wording of every kind of e-mail ships as code (the
 * defaults, `email-templates/defaults/`); this table holds only what an operator changed: one
 * row per kind and language, its Liquid subject, plain text and HTML. Deleting the row reverts
 * to the default. `id` is `kind:language`, the key the change feed and the audit trail name.
 * `version` goes up with every save: parsed templates are cached by (kind, language, version),
 * so a save on one instance is seen by every other at its next e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE email_templates (
  id text PRIMARY KEY CHECK (id = kind || ':' || language),
  kind text NOT NULL CHECK (kind ~ '^[a-z0-9-]+$'),
  language text NOT NULL CHECK (language IN ('en', 'fr', 'de', 'es')),
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  ${recordColumns},
  UNIQUE (kind, language)
);
${changeFeedTriggers([['email_templates', 'id']])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE email_templates`.execute(db);
}
