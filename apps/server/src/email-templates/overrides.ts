import type { EmailTemplateKind } from '@ops/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailTemplatesTable } from '../db/schema';
import type { TemplateSource } from './engine';

/** An operator's saved template of one kind in one language. */
export type Override = { version: number; template: TemplateSource };

/** Overrides by `kind:language`. */
export type Overrides = ReadonlyMap<string, Override>;

export function overrideOf(row: Selectable<EmailTemplatesTable>): Override {
  return {
    version: row.version,
    template: {
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      textSeparate: row.text_separate,
    },
  };
}

/** The overrides of some kinds, every language: one small indexed read. */
export async function loadOverrides(
  db: Kysely<Database>,
  kinds: readonly EmailTemplateKind[],
): Promise<Overrides> {
  if (kinds.length === 0) return new Map();
  const rows = await db
    .selectFrom('email_templates')
    .selectAll()
    .where('kind', 'in', [...kinds])
    .execute();
  return new Map(rows.map((row) => [`${row.kind}:${row.language}`, overrideOf(row)]));
}
