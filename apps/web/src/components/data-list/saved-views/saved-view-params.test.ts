import { describe, expect, it } from 'vitest';
import { parseListState, type ListShape } from '../list-state';
import {
  canonicalViewParams,
  droppedMessagesOf,
  formatViewCount,
  isSavedViewList,
  isViewShown,
  viewHref,
  viewLocationState,
  viewParamsOf,
} from './saved-view-params';

const shape: ListShape = {
  sortFields: ['number', 'legalName', 'country'],
  filterNames: ['status', 'country'],
  columnIds: ['number', 'legalName', 'country', 'status', 'language'],
  defaultColumns: ['number', 'legalName', 'status'],
  defaultSort: 'number',
};

describe('a saved view and the list URL', () => {
  it('keeps search, sort, filters and columns, never the selection', () => {
    const state = parseListState(
      'q=acme&sort=-country&status=active,overdue&cols=number,language&selected=a1,b2',
      shape,
    );
    expect(viewParamsOf(state, shape)).toBe(
      'q=acme&sort=-country&status=active,overdue&cols=number,language',
    );
    // What a save kept opens the same view again.
    const reopened = parseListState(viewParamsOf(state, shape), shape);
    expect(reopened).toEqual({ ...state, selection: { kind: 'none' } });
  });

  it('leaves out the default columns and keeps the default view empty', () => {
    expect(viewParamsOf(parseListState('cols=number,legalName,status', shape), shape)).toBe('');
    expect(viewParamsOf(parseListState('', shape), shape)).toBe('');
  });

  it('tells the view shown by the URL whatever the order or encoding of its parameters', () => {
    expect(canonicalViewParams('?status=active%2Coverdue&q=a%20b&selected=x')).toBe(
      canonicalViewParams('q=a+b&status=active,overdue'),
    );
    expect(isViewShown('?sort=-country&country=CH', 'country=CH&sort=-country')).toBe(true);
    expect(isViewShown('?sort=-country&country=CH&selected=all', 'country=CH&sort=-country')).toBe(
      true,
    );
    expect(isViewShown('?country=CH', 'country=CH&sort=-country')).toBe(false);
    expect(isViewShown('', '')).toBe(true);
    expect(isViewShown('?q=', '')).toBe(true);
  });

  it('opens a view at its list path, carrying the dropped parts for the notice', () => {
    expect(viewHref({ list: 'members', openParams: 'country=CH' })).toBe('/members?country=CH');
    expect(viewHref({ list: 'payments', openParams: '' })).toBe('/stripe-invoices');
    expect(viewHref({ list: 'bank-accounts', openParams: 'active=true' })).toBe(
      '/settings/bank-accounts?active=true',
    );
    const state = viewLocationState({
      id: 'v1',
      name: 'Old Yugoslavia',
      dropped: [
        {
          part: 'filter-value',
          name: 'country',
          value: 'YU',
          message: 'Country "YU" no longer exists; the country filter left it out.',
        },
      ],
    });
    expect(droppedMessagesOf(state)).toEqual([
      'Country "YU" no longer exists; the country filter left it out.',
    ]);
    expect(droppedMessagesOf(null)).toEqual([]);
    expect(droppedMessagesOf({ savedView: { dropped: 'nope' } })).toEqual([]);
  });

  it('knows which lists keep saved views', () => {
    expect(isSavedViewList('members')).toBe(true);
    expect(isSavedViewList('bank-entries')).toBe(false);
    expect(isSavedViewList('toString')).toBe(false);
  });

  it('shows a count short, and says it in words', () => {
    const noun = { one: 'member', many: 'members' };
    expect(formatViewCount(1234, true, noun)).toEqual({ short: '1,234', spoken: '1,234 members' });
    expect(formatViewCount(1, true, noun)).toEqual({ short: '1', spoken: '1 member' });
    expect(formatViewCount(120_000, false, noun)).toEqual({
      short: '~120K',
      spoken: 'about 120,000 members',
    });
  });
});
