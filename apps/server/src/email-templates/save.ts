import {
  emailTemplateKindLabels,
  languageLabels,
  type EmailTemplateKind,
  type Language,
  type TEmailTemplateSave,
  type TEmailTemplateSaveResult,
} from '@ops/contract';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import { recordConflict, updateRecord } from '../db/records';
import type { Database, EmailTemplatesTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { hasOwnText, type TemplateSource } from './engine';
import { getEmailTemplate } from './read';
import { defaultOf } from './render';
import { draftSource, validateOrRefuse } from './validate';

type Trx = Transaction<Database>;
type Row = Selectable<EmailTemplatesTable>;

/** What the audit trail keeps of a template: its three parts, how its text is made, the version. */
export function auditedTemplate(template: TemplateSource, version: number | null) {
  return {
    subject: template.subject,
    text_body: template.text,
    html_body: template.html,
    text_separate: hasOwnText(template),
    version,
  };
}

/** A stored row as a template source. */
export const sourceOfRow = (row: Row): TemplateSource => ({
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  textSeparate: row.text_separate,
});

/** The override row, locked, or undefined when the kind speaks its default in this language. */
export function lockOverride(trx: Trx, kind: EmailTemplateKind, language: Language) {
  return trx
    .selectFrom('email_templates')
    .selectAll()
    .where('id', '=', `${kind}:${language}`)
    .forUpdate()
    .executeTakeFirst();
}

/** The 409 when the template moved since the operator opened it. */
async function refuseStale(
  trx: Trx,
  kind: EmailTemplateKind,
  language: Language,
  row: Row | undefined,
  version: number | null,
): Promise<void> {
  if ((row?.version ?? null) === version) return;
  const label = `The ${emailTemplateKindLabels[kind]} template (${languageLabels[language]})`;
  if (!row) {
    throw new AppError(
      'aborted',
      `${label} was reverted to the default since you opened it. Reload it and make your change again.`,
    );
  }
  throw await recordConflict(trx, label, row);
}

export const templateLabel = (kind: EmailTemplateKind, language: Language) =>
  `The ${emailTemplateKindLabels[kind]} e-mail in ${languageLabels[language]}`;

/**
 * Saves an operator's wording of one kind in one language. It must render against every
 * example of the kind first (400 naming the part, with its line and reason), so a saved
 * template never fails when e-mails go out. A text made from the HTML is stored empty: it is
 * made again at every render, from the HTML as it then renders. The version goes up (the render cache is keyed by
 * it), and the audit trail keeps before and after: every save is a version to go back to.
 */
export async function saveEmailTemplate(
  db: Kysely<Database>,
  actor: Actor,
  kind: EmailTemplateKind,
  language: Language,
  request: TEmailTemplateSave,
): Promise<TEmailTemplateSaveResult> {
  const source = draftSource(request);
  await validateOrRefuse(kind, source);
  const saved = await writeTransaction(db, async (trx) => {
    const row = await lockOverride(trx, kind, language);
    await refuseStale(trx, kind, language, row, request.version);
    const id = `${kind}:${language}`;
    if (row) {
      const updated = await updateRecord(
        trx,
        actor,
        'email_templates',
        row,
        {
          subject: source.subject,
          text_body: source.text,
          html_body: source.html,
          text_separate: hasOwnText(source),
          last_fallback_at: null,
          last_fallback_reason: null,
        },
        {
          action: 'update',
          view: (stored) => auditedTemplate(sourceOfRow(stored as Row), stored.version as number),
        },
      );
      return updated.version;
    }
    // The first override of the kind in this language: version 1 (the column's default).
    await trx
      .insertInto('email_templates')
      .values({
        id,
        kind,
        language,
        subject: source.subject,
        text_body: source.text,
        html_body: source.html,
        text_separate: hasOwnText(source),
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        created_by: actor.uid,
        updated_by: actor.uid,
      })
      .execute();
    await recordAudit(trx, actor, {
      table: 'email_templates',
      recordId: id,
      action: 'create',
      before: auditedTemplate(defaultOf(kind, language).template, null),
      after: auditedTemplate(source, 1),
    });
    return 1;
  });
  return {
    template: await getEmailTemplate(db, kind, language),
    message: `${templateLabel(kind, language)} is saved (version ${saved}); e-mails sent from now on use it.`,
  };
}
