import type { EmailTemplateKind, Language, TEmailTemplateHistory } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Audited = {
  subject?: unknown;
  text_body?: unknown;
  html_body?: unknown;
  text_separate?: unknown;
  version?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A template's saves and reverts, newest first, from the audit trail: each entry carries the
 * wording it left in place, so any earlier version can be opened in the editor and saved again.
 */
export async function emailTemplateHistory(
  db: Kysely<Database>,
  kind: EmailTemplateKind,
  language: Language,
): Promise<TEmailTemplateHistory> {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.uid', 'a.actor_uid')
    .select(['a.id', 'a.at', 'a.action', 'a.after', 'u.email'])
    .where('a.table_name', '=', 'email_templates')
    .where('a.record_id', '=', `${kind}:${language}`)
    .where('a.action', 'in', ['create', 'update', 'revert'])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => {
    const after = (row.after ?? {}) as Audited;
    return {
      id: String(row.id),
      at: new Date(row.at).toISOString(),
      actor: row.email,
      action: row.action === 'revert' ? 'revert' : 'save',
      subject: text(after.subject),
      text: text(after.text_body),
      html: text(after.html_body),
      // Entries from before issue 32 had both parts written out.
      textSeparate: typeof after.text_separate === 'boolean' ? after.text_separate : true,
      version: typeof after.version === 'number' ? after.version : null,
    };
  });
}
