import { isTextSeparate, type EmailTemplateKind } from '@ops/contract';
import { badInput } from '../errors';
import { renderChecked } from './checks';
import { compileTemplate, TemplateError, type TemplateSource } from './engine';
import { emailTemplateExamples } from './variables';

/**
 * A template is accepted only if it parses and renders against every example of its kind (the
 * full one and the one with the optional values null) and keeps its kind's rules (a sign-in
 * link whole). So an e-mail never fails at send time for its wording: what could fail, failed
 * here, in front of the person who wrote it.
 */
export async function validateTemplate(
  kind: EmailTemplateKind,
  source: TemplateSource,
): Promise<void> {
  const compiled = compileTemplate(source);
  for (const example of emailTemplateExamples[kind]) {
    await renderChecked(kind, compiled, example as Record<string, unknown>);
  }
}

/**
 * A draft (a save's or a preview's body) as a template source: its own text when it is written
 * separately, else none (made from the HTML; whatever text came along is not kept).
 */
export function draftSource(draft: {
  subject: string;
  text?: string;
  html: string;
  textSeparate?: boolean;
}): TemplateSource {
  const textSeparate = isTextSeparate(draft);
  return {
    subject: draft.subject,
    text: textSeparate ? (draft.text ?? '') : '',
    html: draft.html,
    textSeparate,
  };
}

const partLabels = { subject: 'Subject', text: 'Plain text', html: 'HTML' } as const;

/** The 400 of a refused template: the part (`body.subject`, `body.text`, `body.html`), the rule, where and why. */
export function templateRefusal(error: TemplateError) {
  return badInput(`body.${error.part}`, error.rule, `${partLabels[error.part]}: ${error.message}`);
}

/** Validates, turning a template error into the 400 that names its part. */
export async function validateOrRefuse(
  kind: EmailTemplateKind,
  source: TemplateSource,
): Promise<void> {
  try {
    await validateTemplate(kind, source);
  } catch (error) {
    if (error instanceof TemplateError) throw templateRefusal(error);
    throw error;
  }
}
