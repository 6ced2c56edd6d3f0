import { describe, expect, it } from 'vitest';
import { columnCellClass, leastTrackWidth, tableLayout } from './data-table-layout';
import type { DataListColumn } from './types';

type Row = { name: string };
const column = (id: string, width: string, isPrimary = false): DataListColumn<Row> => ({
  id,
  label: id,
  width,
  isPrimary,
  render: (row) => row.name,
});

describe('the table layout (issue 19)', () => {
  it('hides a cell below md unless its column shows on a phone, and sticks the first column', () => {
    const number = columnCellClass(column('number', '6.5rem'), 0, 'status');
    expect(number).toContain('hidden md:block');
    expect(number).toContain('md:sticky');
    expect(columnCellClass(column('name', '1fr', true), 1, 'status').trim()).toBe('');
    expect(columnCellClass(column('status', '8.5rem'), 2, 'status').trim()).toBe('');
  });

  it('reads the least width of a track: a length, or the minimum of a minmax', () => {
    expect(leastTrackWidth('7rem')).toBe('7rem');
    expect(leastTrackWidth('120px')).toBe('120px');
    expect(leastTrackWidth('minmax(12rem,3fr)')).toBe('12rem');
    expect(leastTrackWidth('minmax( 9.5rem , 1fr)')).toBe('9.5rem');
    expect(leastTrackWidth('1fr')).toBeNull();
  });

  it('makes the table as wide as its area, never narrower than its columns need', () => {
    const columns = [
      column('number', '6.5rem'),
      column('name', 'minmax(12rem,3fr)', true),
      column('status', '8.5rem'),
    ];
    const { tableStyle, gridStyle } = tableLayout(columns, true);
    expect(tableStyle).toEqual({
      '--table-min': 'calc(2.75rem + 6.5rem + 12rem + 8.5rem + 0.5rem + 0.5rem)',
    });
    expect(gridStyle).toMatchObject({
      '--tracks': '2.75rem 6.5rem minmax(12rem,3fr) 8.5rem',
      // The first column sticks right after the selection.
      '--sticky-left': '2.75rem',
    });
  });

  it('sticks the first column at the edge when the list has no selection', () => {
    const { gridStyle, phoneStatusId } = tableLayout(
      [column('name', 'minmax(10rem,2fr)', true), column('status', '8rem'), column('x', '1fr')],
      false,
    );
    expect(gridStyle).toMatchObject({
      '--sticky-left': '0px',
      '--tracks': 'minmax(10rem,2fr) 8rem 1fr',
    });
    expect(phoneStatusId).toBe('status');
  });
});
