import type { TDunningLetters } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadDunningSettings } from '../settings';
import { letterItemOf, selectLetters, type LetterSelection } from './select';

/** The selection as the API answers it: the letters to print, and those that cannot be. */
export function lettersOf(selection: LetterSelection): TDunningLetters {
  return {
    preparedAt: selection.preparedAt.toISOString(),
    letters: selection.letters.map(letterItemOf),
    lettersTotal: selection.lettersTotal,
    invoices: selection.letters.reduce((sum, letter) => sum + letter.rows.length, 0),
    unprintable: selection.unprintable.map((letter) => ({
      ...letterItemOf(letter),
      reason: letter.unprintable ?? 'no-address',
    })),
  };
}

/**
 * GET /api/dunning/letters: the postal reminders that need a letter, one letter per member and
 * level (what the PDF prints, page by page), and the ones that cannot be printed.
 */
export async function listDunningLetters(db: Kysely<Database>): Promise<TDunningLetters> {
  return lettersOf(await selectLetters(db, await loadDunningSettings(db)));
}
