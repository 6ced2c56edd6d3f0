import {
  parseMajorAmount,
  type TCreditableLine,
  type TCreditNoteIssueRequest,
} from '@ops/contract';
import type { LineChoice } from './credit-lines';

/** The lines part of the request, or the amount errors to show under the lines. */
export type LinesRequest =
  | { ok: true; lines: TCreditNoteIssueRequest['lines']; totalMinor: number }
  | { ok: false; errors: (string | null)[]; message: string | null };

/**
 * Reads the dialog's choices: every line with something left, all of it, is `'all'`; a line
 * credited in full is named alone; a part of a line is named with its amount.
 */
export function linesRequestOf(
  lines: readonly TCreditableLine[],
  choices: readonly LineChoice[],
): LinesRequest {
  const errors: (string | null)[] = lines.map(() => null);
  const chosen: { lineIndex: number; amountMinor?: number }[] = [];
  let totalMinor = 0;
  let isEverything = true;
  lines.forEach((line, index) => {
    const choice = choices[index];
    if (line.leftMinor <= 0) return;
    if (!choice?.isChosen) {
      isEverything = false;
      return;
    }
    const parsed = parseMajorAmount(choice.amount);
    if (!parsed.ok) {
      errors[index] = parsed.message;
      return;
    }
    if (parsed.minor <= 0) {
      errors[index] = 'More than zero';
    } else if (parsed.minor > line.leftMinor) {
      errors[index] = 'More than is left of the line';
    }
    totalMinor += parsed.minor;
    const isWhole = parsed.minor === line.leftMinor;
    if (!isWhole) isEverything = false;
    chosen.push(
      isWhole
        ? { lineIndex: line.lineIndex }
        : { lineIndex: line.lineIndex, amountMinor: parsed.minor },
    );
  });
  if (errors.some(Boolean)) return { ok: false, errors, message: null };
  if (chosen.length === 0) return { ok: false, errors, message: 'Choose at least one line.' };
  return { ok: true, lines: isEverything ? 'all' : chosen, totalMinor };
}
