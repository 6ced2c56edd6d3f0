import type { Language } from '@ops/contract';
import { labelsIn } from '../../lib/pdf-language';

/**
 * The fixed words of a dunning letter (issue 32) that the invoice PDF's dictionary does not have
 * (its invoice number, member number, due date, reference and IBAN are taken from there). The
 * letter's title and text are the level's e-mail template, rendered in the member's language.
 */
export type LetterLabels = {
  date: string;
  /** Above the table of the invoices the letter is about. */
  invoicesHeading: string;
  /** The balance still open, a column of that table. */
  open: string;
  /** A letter that runs over its first page: "Member M-001 · page 2 of 2". */
  pageOf: (memberNumber: string, page: number, count: number) => string;
};

const en: LetterLabels = {
  date: 'Date',
  invoicesHeading: 'Invoices this reminder is about',
  open: 'Open',
  pageOf: (number, page, count) => `Member ${number} · page ${page} of ${count}`,
};

const fr: LetterLabels = {
  date: 'Date',
  invoicesHeading: 'Factures concernées par ce rappel',
  open: 'Solde ouvert',
  pageOf: (number, page, count) => `Membre ${number} · page ${page} sur ${count}`,
};

const de: LetterLabels = {
  date: 'Datum',
  invoicesHeading: 'Rechnungen, die diese Mahnung betrifft',
  open: 'Offen',
  pageOf: (number, page, count) => `Mitglied ${number} · Seite ${page} von ${count}`,
};

const es: LetterLabels = {
  date: 'Fecha',
  invoicesHeading: 'Facturas a las que se refiere este recordatorio',
  open: 'Pendiente',
  pageOf: (number, page, count) => `Miembro ${number} · página ${page} de ${count}`,
};

export const letterLabels: Record<Language, LetterLabels> = { en, fr, de, es };

/** The dictionary of a member's language, English for any other. */
export function letterLabelsOf(language: string | null | undefined): LetterLabels {
  return labelsIn(letterLabels, language);
}
