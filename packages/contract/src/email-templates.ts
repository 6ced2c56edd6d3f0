import { z } from 'zod';

import type { Language } from './enumerations';
import { languageSchema } from './languages';

/**
 * Editable e-mail templates (issue 17): every kind of message the console sends, in the
 * federation's four languages, written in Liquid (a sandboxed template language: no file system,
 * no network). English is the fallback of a language with no template. The wording ships as code
 * (the defaults); an operator's save stores an override of one kind in one language.
 */
export const emailTemplateKinds = [
  'sign-in-link',
  'password-reset',
  'application-approved',
  'application-rejected',
  'application-information-requested',
  'application-endorsement-declined',
  'application-endorsement-requested',
  'application-draft-reminder',
  'invoice',
  'dunning-reminder-1',
  'dunning-reminder-2',
  'dunning-final-notice',
  'dunning-suspension',
  'credit-note',
  'certificate',
  'statement-of-account',
  'colleague-invitation',
] as const;
export type EmailTemplateKind = (typeof emailTemplateKinds)[number];

export const emailTemplateKindLabels: Record<EmailTemplateKind, string> = {
  'sign-in-link': 'Sign-in link',
  'password-reset': 'Password reset',
  'application-approved': 'Application approved',
  'application-rejected': 'Application rejected',
  'application-information-requested': 'Application: information requested',
  'application-endorsement-declined': 'Application: endorsement declined',
  'application-endorsement-requested': 'Application: endorsement requested (to the association)',
  'application-draft-reminder': 'Application: draft waiting (80 days untouched)',
  invoice: 'Invoice',
  'dunning-reminder-1': 'Dunning: first reminder',
  'dunning-reminder-2': 'Dunning: second reminder',
  'dunning-final-notice': 'Dunning: final notice',
  'dunning-suspension': 'Dunning: suspension',
  'credit-note': 'Credit note',
  certificate: 'Membership certificate',
  'statement-of-account': 'Statement of account',
  'colleague-invitation': 'Member portal: colleague invited',
};

/** What the preview can render a kind against: a real record of this type, chosen by its id. */
export const emailTemplateRecordTypes = [
  'application',
  'invoice',
  'credit-note',
  'certificate',
  'member',
] as const;
export type EmailTemplateRecordType = (typeof emailTemplateRecordTypes)[number];

/** The record type each kind previews against (null: only the example variables). */
export const emailTemplateRecordTypeOf: Record<EmailTemplateKind, EmailTemplateRecordType | null> =
  {
    'sign-in-link': null,
    'password-reset': null,
    'application-approved': 'application',
    'application-rejected': 'application',
    'application-information-requested': 'application',
    'application-endorsement-declined': 'application',
    'application-endorsement-requested': 'application',
    'application-draft-reminder': 'application',
    invoice: 'invoice',
    'dunning-reminder-1': 'invoice',
    'dunning-reminder-2': 'invoice',
    'dunning-final-notice': 'invoice',
    'dunning-suspension': 'invoice',
    'credit-note': 'credit-note',
    certificate: 'certificate',
    'statement-of-account': 'member',
    'colleague-invitation': null,
  };

/** The three parts of a template, each a Liquid template. */
export const emailTemplateParts = ['subject', 'text', 'html'] as const;
export type EmailTemplatePart = (typeof emailTemplateParts)[number];

/** The longest template part accepted (a generous e-mail; the render limits guard the rest). */
export const maxEmailTemplatePartLength = 100_000;

export const ZEmailTemplateKind = z.enum(emailTemplateKinds);

export const ZEmailTemplateParams = z.object({
  kind: ZEmailTemplateKind,
  language: languageSchema,
});
export type TEmailTemplateParams = z.infer<typeof ZEmailTemplateParams>;

export const ZEmailTemplateVariable = z
  .object({
    name: z.string().describe('Its Liquid path, e.g. invoice.total'),
    description: z.string(),
    example: z.string().describe('The value in the example variables, as text'),
  })
  .describe('A variable a template of the kind can use');
export type TEmailTemplateVariable = z.infer<typeof ZEmailTemplateVariable>;

export const ZEmailTemplateContent = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type TEmailTemplateContent = z.infer<typeof ZEmailTemplateContent>;

/**
 * A template's wording as written (issue 32): by default its plain text is made from its HTML
 * each time an e-mail is rendered, so the two parts never drift apart; `textSeparate` says an
 * operator chose to write the plain text themselves, and then `text` is that text.
 */
export const ZEmailTemplateWording = ZEmailTemplateContent.extend({
  textSeparate: z
    .boolean()
    .describe(
      'Whether the plain text is written separately (true) or made from the HTML when rendered (false)',
    ),
});
export type TEmailTemplateWording = z.infer<typeof ZEmailTemplateWording>;

export const ZEmailTemplateSummary = z
  .object({
    language: languageSchema,
    /** Whether an operator saved an override; false: the default wording ships with the console. */
    customised: z.boolean(),
    version: z.number().int().nullable().describe('The override version (null: the default)'),
    updatedAt: z.string().nullable().describe('ISO time of the last save'),
    updatedBy: z.string().nullable(),
  })
  .describe('One language of one kind');
export type TEmailTemplateSummary = z.infer<typeof ZEmailTemplateSummary>;

export const ZEmailTemplateKindSummary = z.object({
  kind: ZEmailTemplateKind,
  label: z.string(),
  description: z.string().describe('When the console sends it'),
  recordType: z.enum(emailTemplateRecordTypes).nullable(),
  languages: z.array(ZEmailTemplateSummary),
});
export type TEmailTemplateKindSummary = z.infer<typeof ZEmailTemplateKindSummary>;

export const ZEmailTemplateList = z
  .array(ZEmailTemplateKindSummary)
  .describe('Every kind of e-mail in every language, customised or default');
export type TEmailTemplateList = z.infer<typeof ZEmailTemplateList>;

export const ZEmailTemplate = ZEmailTemplateWording.extend({
  kind: ZEmailTemplateKind,
  label: z.string(),
  description: z.string(),
  language: languageSchema,
  customised: z.boolean(),
  version: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /**
   * The default wording of this language (English's when the language has none). Its plain text
   * is made from its HTML; `defaults.text` is the written-out text offered to start from when
   * someone chooses to edit the plain text separately.
   */
  defaults: ZEmailTemplateWording,
  variables: z.array(ZEmailTemplateVariable),
  recordType: z.enum(emailTemplateRecordTypes).nullable(),
  lastFallback: z
    .object({ at: z.string().describe('ISO time'), reason: z.string() })
    .nullable()
    .describe(
      'The last time this wording could not be used for an e-mail and the default was sent instead (cleared by a save)',
    ),
}).describe("One kind's template in one language, with what it may use");
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

const part = z
  .string()
  .max(maxEmailTemplatePartLength, `At most ${maxEmailTemplatePartLength} characters`);

/**
 * The plain text of a draft, as a save or a preview sends it: `textSeparate` true with the text
 * written, or false (the text is made from the HTML; any `text` sent is ignored). Without
 * `textSeparate`, a non-empty `text` means written separately and none means made from the HTML,
 * so a client that sends all three parts (as before issue 32) keeps its text.
 */
const draftText = {
  text: part.optional().describe('The plain text, when it is written separately'),
  textSeparate: z
    .boolean()
    .optional()
    .describe(
      'true: the text as sent; false: made from the HTML. Absent: true when a text is sent',
    ),
};

/** Whether a draft's text is written separately (the rule of `draftText`). */
export function isTextSeparate(draft: { text?: string; textSeparate?: boolean }): boolean {
  return draft.textSeparate ?? (draft.text ?? '') !== '';
}

/** A written-separately text must not be empty: the issue names `text`. */
function requireSeparateText(
  draft: { text?: string; textSeparate?: boolean },
  context: z.RefinementCtx,
): void {
  if (draft.textSeparate === true && (draft.text ?? '') === '') {
    context.addIssue({
      code: 'too_small',
      origin: 'string',
      minimum: 1,
      inclusive: true,
      path: ['text'],
      message: 'A plain-text body is required when it is written separately',
    });
  }
}

export const ZEmailTemplateSave = z
  .object({
    subject: part.min(1, 'A subject is required'),
    ...draftText,
    html: part.min(1, 'An HTML body is required'),
    version: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe('The override version the operator read (null: they edited the default)'),
  })
  .superRefine(requireSeparateText)
  .describe('Save a template: validated by rendering it against the example variables');
export type TEmailTemplateSave = z.infer<typeof ZEmailTemplateSave>;

export const ZEmailTemplateSaveResult = z.object({
  template: ZEmailTemplate,
  message: z.string(),
});
export type TEmailTemplateSaveResult = z.infer<typeof ZEmailTemplateSaveResult>;

export const ZEmailTemplatePreviewRequest = z
  .object({
    subject: z.string(),
    ...draftText,
    html: z.string(),
    recordId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .nullable()
      .optional()
      .describe('A real record to render against (its id or number); none: the example variables'),
  })
  .superRefine(requireSeparateText)
  .describe('Render a draft template without saving it');
export type TEmailTemplatePreviewRequest = z.infer<typeof ZEmailTemplatePreviewRequest>;

/**
 * The HTML preview's form (issue 32): the console's own policy would strip a draft's inline
 * styles from a frame it writes itself (a `srcdoc` frame inherits the page's policy, and a
 * policy can only be tightened), so the preview frame is a page of its own. The editor posts
 * the draft into the frame as a form, and the answer is the rendered HTML under the e-mail's
 * policy. A form sends strings only: `textSeparate` is "true" or "false", an empty `recordId`
 * means the example.
 */
export const ZEmailTemplatePreviewForm = z
  .object({
    subject: z.string().max(maxEmailTemplatePartLength),
    text: z.string().max(maxEmailTemplatePartLength).optional(),
    html: z.string().max(maxEmailTemplatePartLength),
    textSeparate: z.enum(['true', 'false']).optional(),
    recordId: z.string().trim().max(100).optional(),
  })
  .describe('A draft posted by the preview frame’s form');
export type TEmailTemplatePreviewForm = z.infer<typeof ZEmailTemplatePreviewForm>;

export const ZEmailTemplatePreview = ZEmailTemplateContent.extend({
  source: z.enum(['example', 'record']),
  recordLabel: z.string().nullable().describe('The record rendered against, in words'),
}).describe('A draft rendered: what the recipient would receive');
export type TEmailTemplatePreview = z.infer<typeof ZEmailTemplatePreview>;

export const ZEmailTemplateTestRequest = ZEmailTemplatePreviewRequest.describe(
  'Send a draft, rendered, to the signed-in operator',
);
export type TEmailTemplateTestRequest = z.infer<typeof ZEmailTemplateTestRequest>;

export const ZEmailTemplateTestResult = z.object({
  eid: z.string(),
  to: z.string(),
  message: z.string(),
});
export type TEmailTemplateTestResult = z.infer<typeof ZEmailTemplateTestResult>;

export const ZEmailTemplateHistoryEntry = ZEmailTemplateWording.extend({
  id: z.string(),
  at: z.string().describe('ISO time'),
  actor: z.string().nullable().describe("The operator's e-mail"),
  action: z.enum(['save', 'revert']),
  /** The override version saved (null for a revert to the default wording). */
  version: z.number().int().nullable(),
}).describe('One save or revert of a template, from the audit trail');
export type TEmailTemplateHistoryEntry = z.infer<typeof ZEmailTemplateHistoryEntry>;

export const ZEmailTemplateHistory = z.array(ZEmailTemplateHistoryEntry);
export type TEmailTemplateHistory = z.infer<typeof ZEmailTemplateHistory>;

/** The id a template's audit entries carry: `kind:language`. */
export function emailTemplateRecordId(kind: EmailTemplateKind, language: Language): string {
  return `${kind}:${language}`;
}
