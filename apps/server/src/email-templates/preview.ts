import type {
  EmailTemplateKind,
  Language,
  TEmailTemplatePreview,
  TEmailTemplatePreviewRequest,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { renderChecked } from './checks';
import { compileTemplate, TemplateError } from './engine';
import { recordVariables } from './record-variables';
import { templateRefusal, validateTemplate } from './validate';
import { emailTemplateExamples } from './variables';

/**
 * A draft rendered as its recipient would receive it, against a real record or the kind's
 * example. The draft is validated as a save would be (a preview of a template that could not be
 * saved says why, on its part, with the line), then rendered for the record. Nothing is stored.
 */
export async function previewEmailTemplate(
  db: Kysely<Database>,
  kind: EmailTemplateKind,
  language: Language,
  request: TEmailTemplatePreviewRequest,
  publicUrl: string,
): Promise<TEmailTemplatePreview> {
  void language; // the draft is this language's: it is rendered as written
  const source = { subject: request.subject, text: request.text, html: request.html };
  const record = request.recordId
    ? await recordVariables(db, kind, request.recordId, publicUrl)
    : null;
  try {
    await validateTemplate(kind, source);
    const variables =
      record?.variables ?? (emailTemplateExamples[kind][0] as Record<string, unknown>);
    const rendered = await renderChecked(kind, compileTemplate(source), variables);
    return {
      ...rendered,
      source: record ? 'record' : 'example',
      recordLabel: record?.label ?? null,
    };
  } catch (error) {
    if (error instanceof TemplateError) throw templateRefusal(error);
    throw error;
  }
}
