import { languages, type Language } from '@ops/contract';

/**
 * The language a document is written in (issue 17): the member's preferred language, one of the
 * federation's four working languages. Each PDF keeps its fixed words in a dictionary of its own
 * (`invoices/pdf/labels.ts`, `credit-notes/pdf/labels.ts`, `ledger/statement/labels.ts`,
 * `certificates/pdf-labels.ts`), typed so that no language can miss a word; this module holds
 * what they share: picking the dictionary with English as the fallback, and written-out dates.
 */

/** Whether a value (a stored column, a JSON field) is one of the four languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The dictionary of `language`, English when the language is unknown or missing. */
export function labelsIn<Labels>(
  dictionaries: Record<Language, Labels>,
  language: string | null | undefined,
): Labels {
  return isLanguage(language) ? dictionaries[language] : dictionaries.en;
}

/** The locale dates are written in: Swiss French and German, as the federation writes them. */
const locales: Record<Language, string> = {
  en: 'en-GB',
  fr: 'fr-CH',
  de: 'de-CH',
  es: 'es-ES',
};

const longFormats = new Map<Language, Intl.DateTimeFormat>();
const shortFormats = new Map<Language, Intl.DateTimeFormat>();

function formatOf(
  cache: Map<Language, Intl.DateTimeFormat>,
  language: Language,
  month: 'long' | 'short',
) {
  let format = cache.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], {
      day: 'numeric',
      month,
      year: 'numeric',
      timeZone: 'UTC',
    });
    cache.set(language, format);
  }
  return format;
}

/**
 * A `YYYY-MM-DD` day written out in a language: "3 May 2026", "3 mai 2026", "3. Mai 2026",
 * "3 de mayo de 2026" (the English form is `lib/dates.ts`'s `longDay`).
 */
export function longDayIn(language: Language, isoDay: string): string {
  return formatOf(longFormats, language, 'long').format(new Date(`${isoDay}T00:00:00Z`));
}

/** A day with its month abbreviated, to fit a table's column: "10 Mar 2026", "10 mars 2026". */
export function shortDayIn(language: Language, isoDay: string): string {
  return formatOf(shortFormats, language, 'short').format(new Date(`${isoDay}T00:00:00Z`));
}
