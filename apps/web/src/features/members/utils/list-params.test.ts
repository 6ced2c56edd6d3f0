import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  filterValues,
  formatEstimatedTotal,
  formatListParams,
  hasFilters,
  maxSortFields,
  memberListSorts,
  membersApiPath,
  membersExportHref,
  memberStatuses,
  nextSort,
  parseListParams,
  parseSort,
  toggleFilterValue,
  withoutFilters,
} from './list-params';

describe('copies of contract values', () => {
  it('match the contract', () => {
    expect(memberStatuses).toEqual(contract.memberStatuses);
    expect(memberListSorts).toEqual(contract.memberListSorts);
    expect(maxSortFields).toBe(contract.listLimits.maxSortFields);
  });

  it('name every filter the API takes, and only those', () => {
    const apiFilters = Object.keys(contract.ZMembersListQuery.shape).filter(
      (name) => !(name in contract.ZListQuery.shape),
    );
    const state = parseListParams(apiFilters.map((name) => `${name}=x`).join('&'));
    expect(Object.keys(state.filters).sort()).toEqual([...apiFilters].sort());
  });
});

describe('parseSort', () => {
  it('reads fields and directions', () => {
    expect(parseSort('status,-joinedOn')).toEqual([
      { field: 'status', isDescending: false },
      { field: 'joinedOn', isDescending: true },
    ]);
  });

  it('leaves out unknown and repeated fields and keeps at most three', () => {
    expect(parseSort('shoeSize,number,-number')).toEqual([
      { field: 'number', isDescending: false },
    ]);
    expect(parseSort('number,legalName,country,status')).toHaveLength(3);
    expect(parseSort('')).toEqual([]);
    expect(parseSort(null)).toEqual([]);
  });
});

describe('list params in the URL', () => {
  it('reads the default view from an empty query', () => {
    expect(parseListParams('')).toEqual({ q: '', sort: [], filters: {} });
  });

  it('round-trips a view, commas and ranges kept readable', () => {
    const search =
      'q=Acme%20%26%20Sons&sort=-legalName,number&status=active,overdue&country=(empty)&joinedOn=2020-01-01..2020-12-31&paidThroughYear=..2024';
    const state = parseListParams(search);
    expect(state).toEqual({
      q: 'Acme & Sons',
      sort: [
        { field: 'legalName', isDescending: true },
        { field: 'number', isDescending: false },
      ],
      filters: {
        status: 'active,overdue',
        country: '(empty)',
        joinedOn: '2020-01-01..2020-12-31',
        paidThroughYear: '..2024',
      },
    });
    expect(formatListParams(state)).toBe(search);
    expect(parseListParams(formatListParams(state))).toEqual(state);
  });

  it('ignores unknown parameters, empty values and the cursor', () => {
    expect(parseListParams('foo=1&status=&q=%20%20&cursor=abc')).toEqual({
      q: '',
      sort: [],
      filters: {},
    });
  });

  it('writes nothing for the default view', () => {
    expect(formatListParams({ q: ' ', sort: [], filters: {} })).toBe('');
  });

  it('builds the API and export URLs of the same view', () => {
    expect(membersApiPath('', null)).toBe('/api/members');
    expect(membersApiPath('status=active', 'a/b=')).toBe(
      '/api/members?status=active&cursor=a%2Fb%3D',
    );
    expect(membersApiPath('', 'c')).toBe('/api/members?cursor=c');
    expect(membersExportHref('')).toBe('/api/members/export');
    expect(membersExportHref('q=x&status=active')).toBe('/api/members/export?q=x&status=active');
  });
});

describe('sorting by a column header', () => {
  it('sorts ascending first, then descending, then ascending again', () => {
    const first = nextSort([], 'legalName');
    expect(first).toEqual([{ field: 'legalName', isDescending: false }]);
    const second = nextSort(first, 'legalName');
    expect(second).toEqual([{ field: 'legalName', isDescending: true }]);
    expect(nextSort(second, 'legalName')).toEqual([{ field: 'legalName', isDescending: false }]);
  });

  it('treats the default order as number ascending', () => {
    expect(ariaSortOf([], 'number')).toBe('ascending');
    expect(ariaSortOf([], 'legalName')).toBeUndefined();
    expect(nextSort([], 'number')).toEqual([{ field: 'number', isDescending: true }]);
  });

  it('marks only the first sort field', () => {
    const sort = parseSort('-status,number');
    expect(ariaSortOf(sort, 'status')).toBe('descending');
    expect(ariaSortOf(sort, 'number')).toBeUndefined();
  });
});

describe('one-of filters', () => {
  it('toggles values', () => {
    expect(toggleFilterValue(undefined, 'active')).toBe('active');
    expect(toggleFilterValue('active', 'overdue')).toBe('active,overdue');
    expect(toggleFilterValue('active,overdue', 'active')).toBe('overdue');
    expect(toggleFilterValue('active', 'active')).toBeUndefined();
    expect(filterValues('active,overdue')).toEqual(['active', 'overdue']);
    expect(filterValues(undefined)).toEqual([]);
  });

  it('clears search and filters but keeps the order', () => {
    const state = parseListParams('q=x&sort=-number&status=active');
    expect(hasFilters(state)).toBe(true);
    const cleared = withoutFilters(state);
    expect(cleared).toEqual({
      q: '',
      sort: [{ field: 'number', isDescending: true }],
      filters: {},
    });
    expect(hasFilters(cleared)).toBe(false);
  });
});

describe('formatEstimatedTotal', () => {
  it('says the count is an estimate, with thousands separators', () => {
    expect(formatEstimatedTotal(1000)).toBe('about 1,000 members');
    expect(formatEstimatedTotal(1234567)).toBe('about 1,234,567 members');
    expect(formatEstimatedTotal(1)).toBe('about 1 member');
    expect(formatEstimatedTotal(0)).toBe('about 0 members');
  });
});
