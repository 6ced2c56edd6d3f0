import type {
  EmailTemplateKind,
  Language,
  TEmailTemplatePreview,
  TEmailTemplatePreviewForm,
  TEmailTemplatePreviewRequest,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { renderChecked } from './checks';
import { compileTemplate, TemplateError } from './engine';
import { recordVariables } from './record-variables';
import { draftSource, templateRefusal, validateTemplate } from './validate';
import { emailTemplateExamples } from './variables';

/**
 * A draft rendered as its recipient would receive it, against a real record or the kind's
 * example. The draft is validated as a save would be (a preview of a template that could not be
 * saved says why, on its part, with the line), then rendered for the record. Nothing is stored.
 * Its plain text is the one the e-mail would carry: written separately, or made from the HTML.
 */
export async function previewEmailTemplate(
  db: Kysely<Database>,
  kind: EmailTemplateKind,
  language: Language,
  request: TEmailTemplatePreviewRequest,
  publicUrl: string,
): Promise<TEmailTemplatePreview> {
  void language; // the draft is this language's: it is rendered as written
  const source = draftSource(request);
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

/** A form sends line breaks as CR LF; the draft was written with LF. */
const asWritten = (value: string | undefined) => value?.replace(/\r\n?/g, '\n');

/** The preview frame's form as a preview request (a form sends strings only). */
export function draftOfForm(form: TEmailTemplatePreviewForm): TEmailTemplatePreviewRequest {
  return {
    subject: asWritten(form.subject) ?? '',
    text: asWritten(form.text),
    html: asWritten(form.html) ?? '',
    textSeparate: form.textSeparate === undefined ? undefined : form.textSeparate === 'true',
    recordId: form.recordId ? form.recordId : null,
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * The page of the HTML preview frame (issue 32): the draft's HTML exactly as it would be
 * delivered, or, when the draft cannot be rendered, a short page saying why (the editor shows
 * the same reason on the field). Either is a page for the frame, never an error the frame would
 * show as JSON.
 */
export async function previewEmailPage(
  db: Kysely<Database>,
  kind: EmailTemplateKind,
  language: Language,
  form: TEmailTemplatePreviewForm,
  publicUrl: string,
): Promise<{ status: number; html: string }> {
  try {
    const preview = await previewEmailTemplate(db, kind, language, draftOfForm(form), publicUrl);
    return { status: 200, html: preview.html };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: 400,
      html: `<!doctype html><html><body><p>This draft cannot be shown: ${escapeHtml(error.message)}</p></body></html>`,
    };
  }
}
