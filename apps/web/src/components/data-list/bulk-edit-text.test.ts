import type { TBulkConflict } from '@ops/contract/bulk-edit';
import { describe, expect, it } from 'vitest';
import {
  bulkEditFieldOf,
  bulkEditFieldsOf,
  describeBulkEditResult,
  describePreviewDetails,
  describePreviewHeadline,
  describeUndoResult,
  enumOptionsOf,
} from './bulk-edit-text';

const members = { one: 'member', many: 'members' };

const conflict = (index: number): TBulkConflict => ({
  id: `m-${index}`,
  label: `Member ${index} (M-${index})`,
  changedBy: 'Ann Muster',
  changedAt: '2026-11-24T13:05:00.000Z',
});

describe('the fields "Edit field" offers', () => {
  it('offers exactly the contract’s fields of each list, by their labels', () => {
    expect(bulkEditFieldsOf('members').map(({ field }) => field.label)).toEqual([
      'Category',
      'National association',
      'Preferred language',
      'Billing currency',
      'Directory visibility',
    ]);
    expect(bulkEditFieldsOf('invoices').map(({ name }) => name)).toEqual([
      'dueDate',
      'bankAccount',
    ]);
    expect(bulkEditFieldsOf('applications').map(({ name }) => name)).toEqual(['reviewer']);
    expect(bulkEditFieldOf('members', 'status')).toBeUndefined();
  });

  it('names an enumeration’s values in words where the console has them', () => {
    const category = bulkEditFieldOf('members', 'category');
    const language = bulkEditFieldOf('members', 'preferredLanguage');
    const currency = bulkEditFieldOf('members', 'billingCurrency');
    if (!category || !language || !currency) throw new Error('a members field is missing');
    expect(enumOptionsOf('category', category)).toContainEqual({
      value: 'group',
      label: 'Group member',
    });
    expect(enumOptionsOf('preferredLanguage', language)).toContainEqual({
      value: 'de',
      label: 'German',
    });
    expect(enumOptionsOf('billingCurrency', currency)).toContainEqual({
      value: 'EUR',
      label: 'EUR',
    });
  });
});

describe('the sentences of bulk edit and undo', () => {
  const preview = {
    selected: 55,
    changing: 50,
    unchanged: 3,
    notEditable: 2,
    sample: [],
    previewedAt: '2026-11-24T13:00:00.000Z',
  };

  it('says how many rows the change touches, and which it leaves', () => {
    expect(describePreviewHeadline(preview, members)).toBe('50 members will change');
    expect(describePreviewHeadline({ ...preview, changing: 1 }, members)).toBe(
      '1 member will change',
    );
    expect(describePreviewHeadline({ ...preview, changing: 0 }, members)).toBe(
      'No member would change',
    );
    expect(describePreviewDetails(preview, bulkEditFieldOf('invoices', 'dueDate'))).toEqual([
      '3 already have this value.',
      '2 cannot be edited (only draft ones can be).',
    ]);
  });

  it('names up to ten rows skipped because someone changed them, with who and when', () => {
    const conflicts = Array.from({ length: 12 }, (_, index) => conflict(index + 1));
    const text = describeBulkEditResult(
      {
        changed: 38,
        unchanged: 0,
        notEditable: 0,
        conflicts,
        conflictCount: 12,
        undo: null,
      },
      members,
    );
    expect(text).toMatch(/^38 members changed\. 12 skipped because someone changed them after/);
    expect(text).toContain('Member 1 (M-1) — changed by Ann Muster at 24 Nov 2026');
    expect(text).toContain('Member 10 (M-10)');
    expect(text).not.toContain('Member 11 (M-11)');
    expect(text).toMatch(/; and 2 more\.$/);
  });

  it('says what an undo restored and what it left as it was', () => {
    expect(describeUndoResult({ restored: 12, skipped: [], skippedCount: 0 }, members)).toBe(
      '12 members restored.',
    );
    const text = describeUndoResult(
      { restored: 12, skipped: [conflict(7)], skippedCount: 1 },
      members,
    );
    expect(text).toMatch(
      /^12 members restored; 1 skipped: Member 7 \(M-7\) — changed by Ann Muster at 24 Nov 2026, \d\d:05 CES?T\.$/,
    );
  });
});
