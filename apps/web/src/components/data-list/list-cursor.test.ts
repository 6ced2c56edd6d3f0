import { describe, expect, it } from 'vitest';
import {
  cursorIndexOf,
  firstRowInView,
  listHrefOf,
  movedCursor,
  rowLinkOf,
  scrollTopShowing,
  selectRange,
} from './list-cursor';
import { maxSelectedIds } from './list-state';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('the row cursor', () => {
  it('starts on the first row wholly in view, below the sticky header', () => {
    expect(firstRowInView(0, 40, 100)).toBe(0);
    expect(firstRowInView(1_600, 40, 100)).toBe(40);
    // Row 40 is partly hidden under the header at 1,610: the first whole row is 41.
    expect(firstRowInView(1_610, 40, 100)).toBe(41);
    expect(firstRowInView(9_999, 40, 100)).toBe(99);
    expect(firstRowInView(0, 40, 0)).toBe(-1);
  });

  it('moves by one row within the loaded rows', () => {
    expect(movedCursor(-1, 1, 6, 0)).toBe(0);
    expect(movedCursor(-1, -1, 6, 3)).toBe(3);
    expect(movedCursor(0, 1, 6, 0)).toBe(1);
    expect(movedCursor(5, 1, 6, 0)).toBe(5);
    expect(movedCursor(0, -1, 6, 0)).toBe(0);
    expect(movedCursor(-1, 1, 0, 0)).toBe(-1);
  });

  it('scrolls the least that shows its row whole below the sticky header', () => {
    // 400 px high: the header, then nine rows wholly in view (rows 0–8 at offset 0).
    expect(scrollTopShowing(8, 40, 0, 400)).toBe(0);
    expect(scrollTopShowing(9, 40, 0, 400)).toBe(40);
    // Going up to a row under the header brings it just below it.
    expect(scrollTopShowing(40, 40, 1_610, 400)).toBe(1_600);
    expect(scrollTopShowing(41, 40, 1_610, 400)).toBe(1_610);
    expect(scrollTopShowing(0, 32, 500, 400)).toBe(0);
  });

  it('follows its row when rows load or move, and stays in place when its row is gone', () => {
    const indexById = new Map(ids.map((id, index) => [id, index]));
    expect(cursorIndexOf(null, indexById, 6)).toBe(-1);
    expect(cursorIndexOf({ id: 'c', index: 0 }, indexById, 6)).toBe(2);
    expect(cursorIndexOf({ id: 'gone', index: 4 }, indexById, 6)).toBe(4);
    expect(cursorIndexOf({ id: 'gone', index: 9 }, indexById, 6)).toBe(5);
  });
});

describe('Shift+X', () => {
  it('adds the rows from the anchor to the cursor, both included, in either direction', () => {
    expect(selectRange({ kind: 'ids', ids: ['a'] }, ids, 0, 3)).toEqual({
      kind: 'ids',
      ids: ['a', 'b', 'c', 'd'],
    });
    expect(selectRange({ kind: 'none' }, ids, 4, 1)).toEqual({
      kind: 'ids',
      ids: ['b', 'c', 'd', 'e'],
    });
  });

  it('keeps rows selected elsewhere, and selects the cursor row alone without an anchor', () => {
    expect(selectRange({ kind: 'ids', ids: ['f'] }, ids, -1, 2)).toEqual({
      kind: 'ids',
      ids: ['f', 'c'],
    });
  });

  it('leaves "every matching row" as it is, and stops at the most rows picked one by one', () => {
    expect(selectRange({ kind: 'all' }, ids, 0, 3)).toEqual({ kind: 'all' });
    const many = Array.from({ length: maxSelectedIds + 50 }, (_, index) => `m${index}`);
    const range = selectRange({ kind: 'none' }, many, 0, many.length - 1);
    expect(range.kind === 'ids' && range.ids.length).toBe(maxSelectedIds);
  });
});

describe('links', () => {
  it("opens a row as a click does: the record with the list's view", () => {
    expect(rowLinkOf('/members/m1', 'sort=-number&q=zurich')).toBe(
      '/members/m1?sort=-number&q=zurich',
    );
    expect(rowLinkOf('/members/m1', '')).toBe('/members/m1');
    expect(rowLinkOf('/invoices/i1?tab=history', 'sort=-id')).toBe('/invoices/i1?tab=history');
  });

  it("returns to the list's own URL with its view, without the record's tab", () => {
    expect(listHrefOf('/members', 'sort=-number&tab=edit', 'tab')).toBe('/members?sort=-number');
    expect(listHrefOf('/members', '', 'tab')).toBe('/members');
  });
});
