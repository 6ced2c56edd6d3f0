import type { NoteOperatorChoice } from '@/lib/api/notes';
import { mentionName, tokenizeNoteBody } from './note-text';

/**
 * The mention picker's rules, apart from the screen (so they can be tested without a DOM): when
 * an "@" being typed opens it, which operators match, what choosing one writes into the text,
 * how the keys move through it, and which mentions a text still holds when it is sent.
 */

/** The "@…" the caret is in: where its "@" stands and what follows it up to the caret. */
export type MentionQuery = { start: number; query: string };

/** The longest text after "@" still read as a name being typed. */
const maxQueryLength = 40;

/**
 * The mention being typed at `caret`, or null: an "@" at the start of a line or after a space or
 * an opening bracket (so an e-mail address does not open the picker), followed by no line break
 * and not by a space right away.
 */
export function findMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  const query = before.slice(start + 1);
  if (query.length > maxQueryLength || /[\n@]/u.test(query) || /^\s/u.test(query)) return null;
  const previous = before[start - 1];
  if (previous !== undefined && !/[\s([{"']/u.test(previous)) return null;
  return { start, query };
}

/** How many operators the picker lists at most. */
export const maxMentionOptions = 8;

/**
 * The operators whose name or e-mail matches `query` (case and accents ignored): names starting
 * with it first, then a word of the name, then anywhere; at most `maxMentionOptions`. A query
 * with a space (a first and last name) matches names only.
 */
export function matchOperators(
  operators: readonly NoteOperatorChoice[],
  query: string,
): NoteOperatorChoice[] {
  const wanted = fold(query.trimEnd());
  const ranked = operators.flatMap((operator) => {
    const name = fold(mentionName(operator));
    const email = fold(operator.email);
    const rank = name.startsWith(wanted)
      ? 0
      : name.split(/\s+/u).some((word) => word.startsWith(wanted))
        ? 1
        : name.includes(wanted) || (!wanted.includes(' ') && email.includes(wanted))
          ? 2
          : -1;
    return rank < 0 ? [] : [{ operator, rank, name }];
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .slice(0, maxMentionOptions)
    .map(({ operator }) => operator);
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/**
 * Writes "@Name " in place of the "@…" being typed (from `start` to the caret) and returns the
 * new text and where the caret goes: after the name and one space.
 */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  operator: NoteOperatorChoice,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const mention = `@${mentionName(operator)}`;
  // One space after the name: the one already there, else a new one.
  const spaced = after.startsWith(' ') ? after : ` ${after}`;
  return { text: `${text.slice(0, start)}${mention}${spaced}`, caret: start + mention.length + 1 };
}

/**
 * The uids of the chosen operators whose "@Name" the text still holds, once each: a mention
 * deleted from the text is not sent.
 */
export function mentionedUids(text: string, chosen: readonly NoteOperatorChoice[]): string[] {
  const uids = tokenizeNoteBody(text, chosen).flatMap((token) =>
    token.kind === 'mention' ? [token.uid] : [],
  );
  return [...new Set(uids)];
}

/** What a key does while the picker is open, given the highlighted option and how many. */
export type PickerKeyOutcome =
  | { kind: 'move'; activeIndex: number }
  | { kind: 'choose'; activeIndex: number }
  | { kind: 'close' }
  | { kind: 'none' };

/**
 * Arrows move through the options (wrapping round), Enter and Tab choose the highlighted one,
 * Escape closes the picker; any other key is the textarea's.
 */
export function pickerKey(key: string, activeIndex: number, optionCount: number): PickerKeyOutcome {
  if (key === 'Escape') return { kind: 'close' };
  if (optionCount === 0) return { kind: 'none' };
  switch (key) {
    case 'ArrowDown':
      return { kind: 'move', activeIndex: (activeIndex + 1) % optionCount };
    case 'ArrowUp':
      return { kind: 'move', activeIndex: (activeIndex - 1 + optionCount) % optionCount };
    case 'Enter':
    case 'Tab':
      return { kind: 'choose', activeIndex: Math.min(activeIndex, optionCount - 1) };
    default:
      return { kind: 'none' };
  }
}
