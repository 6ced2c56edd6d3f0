import {
  emailTemplateKindLabels,
  emailTemplateKinds,
  emailTemplateRecordTypeOf,
  languages,
  type EmailTemplateKind,
  type Language,
  type TEmailTemplate,
  type TEmailTemplateList,
} from '@ops/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailTemplatesTable } from '../db/schema';
import { hasOwnText } from './engine';
import { defaultOf } from './render';
import { variablesOf } from './variables';

/** When each kind goes out, for the editor. */
export const emailTemplateDescriptions: Record<EmailTemplateKind, string> = {
  'sign-in-link': 'A user asked for a sign-in link, or an operator sent them one.',
  'password-reset': 'A user asked to reset their password.',
  'application-approved':
    'An application is approved: the member is created and its first invoice issued.',
  'application-rejected': 'An application is rejected, with the reason.',
  'application-information-requested': 'An operator asks the applicant for more information.',
  'application-endorsement-declined':
    'The national association declined to endorse the application.',
  'application-endorsement-requested':
    'The national association is asked to endorse an application, with its link (and reminded at 7 and 14 days).',
  'application-draft-reminder':
    'An online draft has not been touched for 80 days: the applicant is told the day it will be deleted (at 90 days).',
  invoice: 'An invoice is issued or sent (also by the yearly renewal run), its PDF attached.',
  'dunning-reminder-1': 'The first reminder of an overdue invoice.',
  'dunning-reminder-2': 'The second reminder of an overdue invoice.',
  'dunning-final-notice': 'The final notice, announcing the suspension.',
  'dunning-suspension': 'The membership is suspended for the unpaid invoice.',
  'credit-note': 'A credit note is issued, its PDF attached.',
  certificate: 'A membership certificate is issued after payment.',
  'statement-of-account': 'A statement of account is e-mailed, its PDF attached.',
  'colleague-invitation':
    'A member’s owner or admin invites a colleague to the member portal, with a role (valid 7 days).',
};

type Row = Selectable<EmailTemplatesTable> & { updated_by_email: string | null };

function overridesOf(db: Kysely<Database>, where?: { kind: string; language: Language }) {
  let query = db
    .selectFrom('email_templates as t')
    .leftJoin('users as u', 'u.uid', 't.updated_by')
    .selectAll('t')
    .select('u.email as updated_by_email');
  if (where) query = query.where('t.id', '=', `${where.kind}:${where.language}`);
  return query.execute();
}

/** Every kind in every language: customised (with its last save) or the default. */
export async function listEmailTemplates(db: Kysely<Database>): Promise<TEmailTemplateList> {
  const rows = new Map((await overridesOf(db)).map((row) => [row.id, row]));
  return emailTemplateKinds.map((kind) => ({
    kind,
    label: emailTemplateKindLabels[kind],
    description: emailTemplateDescriptions[kind],
    recordType: emailTemplateRecordTypeOf[kind],
    languages: languages.map((language) => {
      const row = rows.get(`${kind}:${language}`);
      return {
        language,
        customised: Boolean(row),
        version: row?.version ?? null,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        updatedBy: row ? (row.updated_by_email ?? row.updated_by) : null,
      };
    }),
  }));
}

/** One kind in one language as the editor opens it, from a row read in the same transaction. */
export function templateOf(
  kind: EmailTemplateKind,
  language: Language,
  row: Row | undefined,
): TEmailTemplate {
  const shipped = defaultOf(kind, language).template;
  const defaults = {
    subject: shipped.subject,
    text: shipped.text,
    html: shipped.html,
    textSeparate: hasOwnText(shipped),
  };
  const textSeparate = row ? row.text_separate : defaults.textSeparate;
  return {
    kind,
    label: emailTemplateKindLabels[kind],
    description: emailTemplateDescriptions[kind],
    language,
    customised: Boolean(row),
    subject: row?.subject ?? defaults.subject,
    // A text made from the HTML is stored empty: the default's written text is where editing
    // it separately starts.
    text: row?.text_separate ? row.text_body : defaults.text,
    html: row?.html_body ?? defaults.html,
    textSeparate,
    version: row?.version ?? null,
    lastFallback:
      row?.last_fallback_at && row.last_fallback_reason
        ? { at: new Date(row.last_fallback_at).toISOString(), reason: row.last_fallback_reason }
        : null,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row ? (row.updated_by_email ?? row.updated_by) : null,
    defaults,
    variables: variablesOf(kind),
    recordType: emailTemplateRecordTypeOf[kind],
  };
}

/** One kind in one language, with its variables and its default wording. */
export async function getEmailTemplate(
  db: Kysely<Database>,
  kind: EmailTemplateKind,
  language: Language,
): Promise<TEmailTemplate> {
  const [row] = await overridesOf(db, { kind, language });
  return templateOf(kind, language, row);
}
