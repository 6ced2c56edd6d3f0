import type { EmailTemplateKind, Language } from '@ops/contract';
import type { TemplateSource } from '../engine';

/**
 * The shipped wording is Liquid, exactly what an operator sees and edits. These helpers only
 * assemble it: one list of paragraphs gives both the plain text and the HTML, so the two parts
 * of a default never say different things. What is sent is the text made from the HTML
 * (issue 32, `render.ts`): the written text is where an operator starts when they choose to
 * edit the plain text separately.
 */

/** A shipped wording: the three parts as written (its plain text is made from the HTML to send). */
export type ShippedWording = Pick<TemplateSource, 'subject' | 'text' | 'html'>;

/** A kind's default in each language; English is required (it is every language's fallback). */
export type KindDefaults = { en: ShippedWording } & Partial<Record<Language, ShippedWording>>;

export type DefaultTemplates = Record<EmailTemplateKind, KindDefaults>;

/**
 * A paragraph, the same in both parts, or worded apart where the HTML has a link. A `block` is
 * written whole (its own `<p>`s, its own blank lines in the text), for a conditional section
 * that must leave no empty paragraph behind when its condition is false.
 */
export type Paragraph = string | { text: string; html: string; block?: boolean };

/** Quoted text an operator wrote (a reason, a request), as a Liquid variable name. */
type Quote = string;

const textLines = (paragraph: Paragraph): string[] =>
  typeof paragraph === 'string'
    ? [paragraph, '']
    : paragraph.block
      ? [paragraph.text]
      : [paragraph.text, ''];
const htmlLines = (paragraph: Paragraph): string =>
  typeof paragraph === 'string'
    ? `<p>${paragraph}</p>`
    : paragraph.block
      ? paragraph.html
      : `<p>${paragraph.html}</p>`;

/** A link in the HTML part: the address is escaped like every output. */
export const htmlLink = (url: string, label: string) =>
  `<a href="{{ ${url} }}" style="color:#1d4ed8">${label}</a>`;

export function compose(options: {
  language: Language;
  subject: string;
  greeting: string;
  paragraphs: Paragraph[];
  quote?: Quote;
  /** Paragraphs after the quote. */
  after?: Paragraph[];
  /** The closing and the signature, one line each. */
  signature: string[];
}): ShippedWording {
  const after = options.after ?? [];
  const text = [
    options.greeting,
    '',
    ...options.paragraphs.flatMap(textLines),
    ...(options.quote ? [`> {{ ${options.quote} | replace: "\\n", "\\n> " }}`, ''] : []),
    ...after.flatMap(textLines),
    ...options.signature,
    '',
  ].join('\n');
  const html = [
    `<!doctype html>`,
    `<html lang="${options.language}">`,
    `<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">`,
    `<p>${options.greeting}</p>`,
    ...options.paragraphs.map(htmlLines),
    ...(options.quote
      ? [
          `<blockquote style="border-left:3px solid #cbd5e1;margin:0 0 1em;padding-left:12px;white-space:pre-wrap">{{ ${options.quote} }}</blockquote>`,
        ]
      : []),
    ...after.map(htmlLines),
    `<p>${options.signature.join('<br>')}</p>`,
    `</body>`,
    `</html>`,
    '',
  ].join('\n');
  return { subject: options.subject, text, html };
}

/** The signatures, per team and language. */
export const signatures = {
  membership: {
    en: ['Kind regards,', 'The membership team'],
    fr: ['Nous vous prions d’agréer nos salutations distinguées.', 'Le service des membres'],
    de: ['Mit freundlichen Grüßen', 'Ihr Mitgliederservice'],
    es: ['Atentamente,', 'El departamento de socios'],
  },
  finance: {
    en: ['Kind regards,', 'The finance team'],
    fr: ['Nous vous prions d’agréer nos salutations distinguées.', 'Le service financier'],
    de: ['Mit freundlichen Grüßen', 'Ihre Finanzabteilung'],
    es: ['Atentamente,', 'El departamento de finanzas'],
  },
} satisfies Record<string, Record<Language, string[]>>;

/**
 * The greeting of a member (a company or association), formally. German continues after the
 * comma in lower case, so its first paragraphs start with a word written small or a noun.
 */
export const memberGreeting: Record<Language, string> = {
  en: 'Dear colleagues of {{ member.name }},',
  fr: 'Chères et chers collègues de {{ member.name }},',
  de: 'Sehr geehrte Damen und Herren,',
  es: 'Estimados colegas de {{ member.name }}:',
};

/** The greeting of an applicant, by name when known. */
export const applicantGreeting: Record<Language, string> = {
  en: '{% if applicant.name %}Dear {{ applicant.name }},{% else %}Dear applicant,{% endif %}',
  fr: '{% if applicant.name %}Bonjour {{ applicant.name }},{% else %}Madame, Monsieur,{% endif %}',
  de: '{% if applicant.name %}Guten Tag {{ applicant.name }},{% else %}Sehr geehrte Damen und Herren,{% endif %}',
  es: '{% if applicant.name %}Estimado/a {{ applicant.name }}:{% else %}Estimados señores:{% endif %}',
};

/** A letter to an applicant from the membership team: greeted by name when known, so signed. */
export const toApplicant = (
  language: Language,
  letter: Omit<Parameters<typeof compose>[0], 'language' | 'greeting' | 'signature'>,
): ShippedWording =>
  compose({
    language,
    greeting: applicantGreeting[language],
    signature: signatures.membership[language],
    ...letter,
  });

/** The subject of a letter about the application as a whole (its end, say). */
const applicationSubject: Record<Language, string> = {
  en: 'Your membership application {{ application.number }}',
  fr: 'Votre demande d’adhésion {{ application.number }}',
  de: 'Ihr Mitgliedschaftsantrag {{ application.number }}',
  es: 'Su solicitud de afiliación {{ application.number }}',
};

/**
 * The letter that ends an application (rejected, or not endorsed): one paragraph saying why it
 * ends, then the reason given, quoted (`reason`).
 */
export const applicationEndedWithReason = (language: Language, paragraph: string) =>
  toApplicant(language, {
    subject: applicationSubject[language],
    paragraphs: [paragraph],
    quote: 'reason',
  });
