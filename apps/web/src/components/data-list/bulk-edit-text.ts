import type {
  TBulkConflict,
  TBulkEditPreview,
  TBulkEditResult,
  TBulkUndoResult,
} from '@ops/contract/bulk-edit';
import {
  bulkEditFields,
  type BulkEditField,
  type BulkEditList,
} from '@ops/contract/bulk-edit-fields';
import { memberCategoryLabels } from '@ops/contract/labels';
import { languageLabels } from '@ops/contract/values';
import { formatDateTime } from '@ops/ui/format';
import { formatCount } from './list-state';

/**
 * The words of "Edit field" and of Undo (issue 19): the fields and values offered, and the
 * sentences that say what a preview, a change and an undo did. Pure, so they are tested alone.
 */

type Noun = { one: string; many: string };

/** The fields of a list that may change in bulk, in the contract's order. */
export function bulkEditFieldsOf(list: BulkEditList): { name: string; field: BulkEditField }[] {
  return Object.entries(bulkEditFields[list] as Record<string, BulkEditField>).map(
    ([name, field]) => ({ name, field }),
  );
}

/** The field of a list by its name; undefined for a name the list does not offer. */
export function bulkEditFieldOf(list: BulkEditList, name: string): BulkEditField | undefined {
  return (bulkEditFields[list] as Record<string, BulkEditField>)[name];
}

/**
 * The words of an enumeration's values, where the console has them (the categories and
 * languages); a value without words (a currency code) is shown as it is.
 */
const enumValueLabels: Partial<Record<string, Readonly<Record<string, string>>>> = {
  category: memberCategoryLabels,
  preferredLanguage: languageLabels,
};

/** A select's options for an enumeration field: its values with their labels. */
export function enumOptionsOf(
  fieldName: string,
  field: BulkEditField,
): { value: string; label: string }[] {
  const labels = enumValueLabels[fieldName];
  return (field.values ?? []).map((value) => ({ value, label: labels?.[value] ?? value }));
}

/** "1 member" / "12 members". */
export function countOf(count: number, noun: Noun): string {
  return `${formatCount(count)} ${count === 1 ? noun.one : noun.many}`;
}

/** The preview's headline: "50 members will change". */
export function describePreviewHeadline(preview: TBulkEditPreview, noun: Noun): string {
  if (preview.changing === 0) return `No ${noun.one} would change`;
  return `${countOf(preview.changing, noun)} will change`;
}

/** The rest of the preview: "3 already have this value. 2 cannot be edited (…)." */
export function describePreviewDetails(
  preview: TBulkEditPreview,
  field: BulkEditField | undefined,
): string[] {
  const lines: string[] = [];
  if (preview.unchanged > 0) {
    lines.push(
      `${formatCount(preview.unchanged)} already ${verbHave(preview.unchanged)} this value.`,
    );
  }
  if (preview.notEditable > 0) {
    const why = field?.onlyStatuses ? ` (only ${field.onlyStatuses.join(', ')} ones can be)` : '';
    lines.push(`${formatCount(preview.notEditable)} cannot be edited${why}.`);
  }
  return lines;
}

const verbHave = (count: number) => (count === 1 ? 'has' : 'have');

/** Conflicts shown by name at most; the rest are counted. */
export const shownConflicts = 10;

/** "Acme Logistics (M-001234) — changed by Ann Muster at 24 Nov 2026, 14:05". */
export function describeConflict(conflict: TBulkConflict): string {
  const who = conflict.changedBy ?? 'someone else';
  return `${conflict.label} — changed by ${who} at ${formatDateTime(conflict.changedAt)}`;
}

/** Up to ten conflicts by name, then "and 3 more". */
function listConflicts(conflicts: readonly TBulkConflict[], total: number): string {
  const named = conflicts.slice(0, shownConflicts).map(describeConflict);
  const more = total - named.length;
  return named.join('; ') + (more > 0 ? `; and ${formatCount(more)} more` : '');
}

/**
 * What a bulk edit did: "48 members changed. 1 unchanged. 1 not editable. 2 skipped because
 * someone changed them after the preview: …".
 */
export function describeBulkEditResult(result: TBulkEditResult, noun: Noun): string {
  const parts = [`${countOf(result.changed, noun)} changed.`];
  if (result.unchanged > 0) parts.push(`${formatCount(result.unchanged)} unchanged.`);
  if (result.notEditable > 0) parts.push(`${formatCount(result.notEditable)} not editable.`);
  if (result.conflictCount > 0) {
    parts.push(
      `${formatCount(result.conflictCount)} skipped because someone changed them after the preview: ${listConflicts(result.conflicts, result.conflictCount)}.`,
    );
  }
  return parts.join(' ');
}

/** What an undo did: "12 members restored; 1 skipped: Acme (M-1) — changed by Ann Muster at …". */
export function describeUndoResult(result: TBulkUndoResult, noun: Noun): string {
  const restored = `${countOf(result.restored, noun)} restored`;
  if (result.skippedCount === 0) return `${restored}.`;
  return `${restored}; ${formatCount(result.skippedCount)} skipped: ${listConflicts(result.skipped, result.skippedCount)}.`;
}
