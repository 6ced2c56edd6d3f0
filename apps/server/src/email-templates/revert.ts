import type { EmailTemplateKind, Language, TEmailTemplateSaveResult } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { getEmailTemplate } from './read';
import { defaultOf } from './render';
import { auditedTemplate, lockOverride, sourceOfRow, templateLabel } from './save';

/**
 * Back to the shipped wording: the override is deleted (the audit entry keeps what it said, so
 * the history can still bring it back). Reverting a template that is not customised changes
 * nothing and writes no entry.
 */
export async function revertEmailTemplate(
  db: Kysely<Database>,
  actor: Actor,
  kind: EmailTemplateKind,
  language: Language,
): Promise<TEmailTemplateSaveResult> {
  const reverted = await writeTransaction(db, async (trx) => {
    const row = await lockOverride(trx, kind, language);
    if (!row) return false;
    await trx.deleteFrom('email_templates').where('id', '=', row.id).execute();
    await recordAudit(trx, actor, {
      table: 'email_templates',
      recordId: row.id,
      action: 'revert',
      before: auditedTemplate(sourceOfRow(row), row.version),
      after: auditedTemplate(defaultOf(kind, language).template, null),
    });
    return true;
  });
  return {
    template: await getEmailTemplate(db, kind, language),
    message: reverted
      ? `${templateLabel(kind, language)} is back to the default wording.`
      : `${templateLabel(kind, language)} already uses the default wording.`,
  };
}
