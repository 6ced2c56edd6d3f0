import { currencyDecimals } from './display-format';
import type { Language } from './enumerations';

/**
 * How amounts, days and payment references read in what members receive: e-mails, PDFs and
 * (from the member portal on) its screens, in the recipient's language and its locale's
 * formats (issue 32: a French reminder read "EUR 1,015.00" and "échue le 2026-02-05"). The
 * console keeps its one format (`display-format.ts`); this is the one module for the members'.
 * Zod-free: the server and the portal both import it.
 */

/** The locale of each working language: Swiss French and German, as the federation writes. */
export const memberLocales: Record<Language, string> = {
  en: 'en-GB',
  fr: 'fr-CH',
  de: 'de-CH',
  es: 'es-ES',
};

const localeOf = (language: Language) => memberLocales[language] ?? memberLocales.en;

/** Built once per language and currency: a renewal run formats two amounts per e-mail. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

function moneyFormatOf(language: Language, currency: string): Intl.NumberFormat {
  const key = `${language} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Minor units as the exact decimal string Intl formats without a float: 101500 → "1015.00". */
function majorUnits(minor: string | number | bigint, digits: number): string {
  const amount = BigInt(minor);
  const magnitude = amount < 0n ? -amount : amount;
  const scale = 10n ** BigInt(digits);
  const fraction = digits > 0 ? `.${String(magnitude % scale).padStart(digits, '0')}` : '';
  return `${amount < 0n ? '-' : ''}${magnitude / scale}${fraction}`;
}

/**
 * An amount in the recipient's formats: "EUR 1,015.00" (en), "1 015.00 EUR" (fr-CH),
 * "EUR 1'015.00" (de-CH), "1015,00 EUR" (es). Exact for any size (Intl takes the decimal
 * string). Intl's no-break spaces become plain ones, as the e-mails always wrote amounts: a
 * member who searches their mailbox for "EUR 1,015.00" finds it, and HTML e-mails keep the
 * amount on one line by their own markup.
 */
export function formatMemberMoney(
  minor: string | number | bigint,
  currency: string,
  language: Language,
): string {
  const code = currency.trim();
  return moneyFormatOf(language, code)
    .format(majorUnits(minor, currencyDecimals(code)) as unknown as number)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** A `YYYY-MM-DD` day written out: "5 February 2026", "5 février 2026", "5. Februar 2026". */
export function formatMemberDay(isoDay: string, language: Language): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(language, format);
  }
  const day = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? isoDay : format.format(day);
}

/**
 * A payment reference as people read and type it, the same in every language and as the
 * QR-bill prints it: a QR reference in groups of five from the right ("21 00000 00003 13947
 * 14300 09017"), a creditor reference in groups of four ("RF18 5390 0754 7034"); any other
 * reference as it is.
 */
export function formatMemberReference(reference: string): string {
  const compact = reference.replace(/\s+/g, '');
  if (/^\d{27}$/.test(compact)) {
    return compact.replace(/(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})/, '$1 $2 $3 $4 $5 $6');
  }
  if (/^RF\d{2}[A-Z0-9]{1,21}$/i.test(compact)) {
    return compact.toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
  }
  return reference;
}

/** An IBAN in groups of four, as people read and type it (and as the invoice prints it). */
export function formatMemberIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
