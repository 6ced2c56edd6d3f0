import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  filterValues,
  formatListState,
  formatListTotal,
  formatMatchingCount,
  formatQueryParams,
  formatRange,
  hasFilters,
  isSelected,
  maxSelectedIds,
  nextSort,
  parseListState,
  parseSortParam,
  rangeOf,
  toggleFilterValue,
  toggleSelected,
  withFilter,
  withoutFilters,
  withQuery,
  type ListShape,
} from './list-state';

const shape: ListShape = {
  sortFields: ['number', 'legalName', 'status', 'joinedOn'],
  filterNames: ['status', 'joinedOn'],
  columnIds: ['number', 'legalName', 'status', 'joinedOn', 'tradeName'],
  defaultColumns: ['number', 'legalName', 'status', 'joinedOn'],
  defaultSort: 'number',
};

describe('sort in the URL', () => {
  it('reads fields and directions', () => {
    expect(parseSortParam('status,-joinedOn', shape)).toEqual([
      { field: 'status', isDescending: false },
      { field: 'joinedOn', isDescending: true },
    ]);
  });

  it('leaves out unknown and repeated fields and keeps at most three', () => {
    expect(parseSortParam('shoeSize,number,-number', shape)).toEqual([
      { field: 'number', isDescending: false },
    ]);
    expect(parseSortParam('number,legalName,status,joinedOn', shape)).toHaveLength(3);
    expect(parseSortParam('', shape)).toEqual([]);
    expect(parseSortParam(null, shape)).toEqual([]);
  });

  it('sorts by a clicked column ascending, then descending, and marks only that header', () => {
    const once = nextSort([], 'status', shape);
    expect(once).toEqual([{ field: 'status', isDescending: false }]);
    const twice = nextSort(once, 'status', shape);
    expect(twice).toEqual([{ field: 'status', isDescending: true }]);
    expect(ariaSortOf(twice, 'status', shape)).toBe('descending');
    expect(ariaSortOf(twice, 'number', shape)).toBeUndefined();
    // The default order is the list's own: its header is marked, a click reverses it.
    expect(ariaSortOf([], 'number', shape)).toBe('ascending');
    expect(nextSort([], 'number', shape)).toEqual([{ field: 'number', isDescending: true }]);
  });
});

describe('the view in the URL', () => {
  it('reads the default view from an empty query', () => {
    expect(parseListState('', shape)).toEqual({
      q: '',
      sort: [],
      filters: {},
      columns: null,
      selection: { kind: 'none' },
    });
  });

  it('round-trips a view, commas and ranges kept readable', () => {
    const search =
      'q=Z%C3%BCrich%20AG&sort=-joinedOn&status=active,overdue&joinedOn=2020-01-01..&cols=legalName,status&selected=a1,b2';
    const state = parseListState(search, shape);
    expect(state).toEqual({
      q: 'Zürich AG',
      sort: [{ field: 'joinedOn', isDescending: true }],
      filters: { status: 'active,overdue', joinedOn: '2020-01-01..' },
      columns: ['legalName', 'status'],
      selection: { kind: 'ids', ids: ['a1', 'b2'] },
    });
    expect(formatListState(state, shape)).toBe(search);
  });

  it('gives the API the rows’ parameters only, not the columns or the selection', () => {
    const state = parseListState('status=active&cols=number&selected=all&q=acme', shape);
    expect(formatQueryParams(state, shape)).toBe('q=acme&status=active');
    expect(withQuery('/api/members', 'q=acme', 'abc=')).toBe('/api/members?q=acme&cursor=abc%3D');
    expect(withQuery('/api/members', '')).toBe('/api/members');
  });

  it('ignores unknown filters and columns, and leaves default columns out of the URL', () => {
    const state = parseListState('shoeSize=42&cols=legalName,nope', shape);
    expect(state.filters).toEqual({});
    expect(state.columns).toEqual(['legalName']);
    expect(formatListState({ ...state, columns: [...shape.defaultColumns] }, shape)).toBe('');
  });

  it('keeps at most the selectable number of ids', () => {
    const ids = Array.from({ length: maxSelectedIds + 5 }, (_, i) => `m${i}`);
    const state = parseListState(`selected=${ids.join(',')}`, shape);
    expect(state.selection.kind === 'ids' && state.selection.ids.length).toBe(maxSelectedIds);
  });
});

describe('filters', () => {
  it('toggles one-of values and drops an empty filter', () => {
    expect(toggleFilterValue(undefined, 'active')).toBe('active');
    expect(toggleFilterValue('active', 'overdue')).toBe('active,overdue');
    expect(toggleFilterValue('active,overdue', 'active')).toBe('overdue');
    expect(toggleFilterValue('overdue', 'overdue')).toBeUndefined();
    expect(filterValues('2020..2021')).toEqual([]);
  });

  it('reads and writes ranges with either end open', () => {
    expect(rangeOf('2020-01-01..')).toEqual({ from: '2020-01-01', to: '' });
    expect(rangeOf('..2024')).toEqual({ from: '', to: '2024' });
    expect(formatRange(' 2020 ', '')).toBe('2020..');
    expect(formatRange('', '')).toBeUndefined();
  });

  it('setting a filter clears the selection (other rows match now)', () => {
    const state = parseListState('selected=a,b&status=active', shape);
    const next = withFilter(state, 'status', undefined);
    expect(next.filters).toEqual({});
    expect(next.selection).toEqual({ kind: 'none' });
    expect(hasFilters(withFilter(state, 'joinedOn', '2020..'))).toBe(true);
    expect(hasFilters(withoutFilters(state))).toBe(false);
  });
});

describe('selection', () => {
  it('adds and removes rows; all selects every row', () => {
    const one = toggleSelected({ kind: 'none' }, 'a');
    expect(one).toEqual({ kind: 'ids', ids: ['a'] });
    expect(isSelected(one, 'a')).toBe(true);
    expect(toggleSelected(one, 'a')).toEqual({ kind: 'none' });
    expect(isSelected({ kind: 'all' }, 'anything')).toBe(true);
  });
});

describe('the count', () => {
  const members = { one: 'member', many: 'members' };

  it('says a counted total as it is', () => {
    expect(formatListTotal(8, true, { one: 'operator', many: 'operators' })).toBe('8 operators');
    expect(formatListTotal(1, true, members)).toBe('1 member');
    expect(formatListTotal(0, true, members)).toBe('0 members');
    expect(formatListTotal(10_000, true, members)).toBe('10,000 members');
    expect(formatMatchingCount(8, true)).toBe('8');
  });

  it('says "about" only when the total is an estimate', () => {
    expect(formatListTotal(120_000, false, members)).toBe('about 120,000 members');
    expect(formatMatchingCount(120_000, false)).toBe('about 120,000');
  });
});
