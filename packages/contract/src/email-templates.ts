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
  'invoice',
  'dunning-reminder-1',
  'dunning-reminder-2',
  'dunning-final-notice',
  'dunning-suspension',
  'credit-note',
  'certificate',
  'statement-of-account',
] as const;
export type EmailTemplateKind = (typeof emailTemplateKinds)[number];

export const emailTemplateKindLabels: Record<EmailTemplateKind, string> = {
  'sign-in-link': 'Sign-in link',
  'password-reset': 'Password reset',
  'application-approved': 'Application approved',
  'application-rejected': 'Application rejected',
  'application-information-requested': 'Application: information requested',
  'application-endorsement-declined': 'Application: endorsement declined',
  invoice: 'Invoice',
  'dunning-reminder-1': 'Dunning: first reminder',
  'dunning-reminder-2': 'Dunning: second reminder',
  'dunning-final-notice': 'Dunning: final notice',
  'dunning-suspension': 'Dunning: suspension',
  'credit-note': 'Credit note',
  certificate: 'Membership certificate',
  'statement-of-account': 'Statement of account',
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
    invoice: 'invoice',
    'dunning-reminder-1': 'invoice',
    'dunning-reminder-2': 'invoice',
    'dunning-final-notice': 'invoice',
    'dunning-suspension': 'invoice',
    'credit-note': 'credit-note',
    certificate: 'certificate',
    'statement-of-account': 'member',
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

export const ZEmailTemplate = ZEmailTemplateContent.extend({
  kind: ZEmailTemplateKind,
  label: z.string(),
  description: z.string(),
  language: languageSchema,
  customised: z.boolean(),
  version: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The default wording of this language (English's when the language has none). */
  defaults: ZEmailTemplateContent,
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

export const ZEmailTemplateSave = z
  .object({
    subject: part.min(1, 'A subject is required'),
    text: part.min(1, 'A plain-text body is required'),
    html: part.min(1, 'An HTML body is required'),
    version: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe('The override version the operator read (null: they edited the default)'),
  })
  .describe('Save a template: validated by rendering it against the example variables');
export type TEmailTemplateSave = z.infer<typeof ZEmailTemplateSave>;

export const ZEmailTemplateSaveResult = z.object({
  template: ZEmailTemplate,
  message: z.string(),
});
export type TEmailTemplateSaveResult = z.infer<typeof ZEmailTemplateSaveResult>;

export const ZEmailTemplatePreviewRequest = ZEmailTemplateContent.extend({
  recordId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullable()
    .optional()
    .describe('A real record to render against (its id or number); none: the example variables'),
}).describe('Render a draft template without saving it');
export type TEmailTemplatePreviewRequest = z.infer<typeof ZEmailTemplatePreviewRequest>;

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

export const ZEmailTemplateHistoryEntry = ZEmailTemplateContent.extend({
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
