import type * as contract from '@ops/contract';

// Copies of contract values: browser code imports only types from @ops/contract (see
// lib/api-client.ts). The `satisfies` makes a drift in the values' type an error;
// list-params.test.ts checks the values.

/** A member's statuses, in the contract's order. */
export const memberStatuses = [
  'pending-payment',
  'active',
  'overdue',
  'suspended',
  'terminated',
  'resigned',
] as const satisfies typeof contract.memberStatuses;

/** The columns the members list can be sorted by. */
export const memberListSorts = [
  'number',
  'legalName',
  'country',
  'category',
  'status',
  'joinedOn',
  'paidThroughYear',
] as const satisfies typeof contract.memberListSorts;

/** How many sort fields the list contract accepts. */
export const maxSortFields = 3 satisfies typeof contract.listLimits.maxSortFields;

/** The column filters of the members list, as the API and the URL name them. */
export const memberFilterNames = [
  'status',
  'category',
  'country',
  'joinedOn',
  'paidThroughYear',
] as const;

export type MemberStatus = (typeof memberStatuses)[number];
export type MemberSortField = (typeof memberListSorts)[number];
export type MemberFilterName = (typeof memberFilterNames)[number];
export type SortKey = { field: MemberSortField; isDescending: boolean };

/** What the list shows: the view a URL describes. */
export type MembersListState = {
  /** Full-text search; '' for none. */
  q: string;
  /** Up to three sort keys; empty for the server's default (membership number, ascending). */
  sort: SortKey[];
  /** Column filters in the URL's syntax (`a,b`, `from..to`, `(empty)`); absent for none. */
  filters: Partial<Record<MemberFilterName, string>>;
};

/** The server's order when the URL names none. */
export const defaultSort: SortKey = { field: 'number', isDescending: false };

const maxQueryLength = 200;
const maxFilterLength = 500;

function isSortField(value: string): value is MemberSortField {
  return (memberListSorts as readonly string[]).includes(value);
}

/** `status,-joinedOn` → sort keys; unknown or repeated fields are left out, at most three kept. */
export function parseSort(value: string | null | undefined): SortKey[] {
  if (!value) return [];
  const keys: SortKey[] = [];
  for (const part of value.split(',')) {
    const isDescending = part.startsWith('-');
    const field = isDescending ? part.slice(1) : part;
    if (!isSortField(field) || keys.some((key) => key.field === field)) continue;
    keys.push({ field, isDescending });
    if (keys.length === maxSortFields) break;
  }
  return keys;
}

/** Sort keys → `status,-joinedOn`. */
export function formatSort(sort: readonly SortKey[]): string {
  return sort.map(({ field, isDescending }) => `${isDescending ? '-' : ''}${field}`).join(',');
}

/** The list's view as a URL's query string describes it (anything unknown is ignored). */
export function parseListParams(search: URLSearchParams | string): MembersListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: MembersListState['filters'] = {};
  for (const name of memberFilterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value.slice(0, maxFilterLength);
  }
  return {
    q: (params.get('q') ?? '').trim().slice(0, maxQueryLength),
    sort: parseSort(params.get('sort')),
    filters,
  };
}

/** A parameter value with each comma-separated part encoded, so `a,b` stays readable. */
function encodeValue(value: string): string {
  return value
    .split(',')
    .map((part) => encodeURIComponent(part))
    .join(',');
}

/**
 * The query string (without `?`) of a view, as the list's URL, the API and the export take it:
 * `q=…&sort=…&status=active,overdue`. Empty parts are left out; '' for the default view.
 */
export function formatListParams(state: MembersListState): string {
  const entries: [string, string | undefined][] = [
    ['q', state.q.trim() || undefined],
    ['sort', formatSort(state.sort) || undefined],
    ...memberFilterNames.map((name): [string, string | undefined] => [name, state.filters[name]]),
  ];
  return entries
    .flatMap(([name, value]) => (value ? [`${name}=${encodeValue(value)}`] : []))
    .join('&');
}

/** The API's URL of one page of the view (`cursor` from the previous page). */
export function membersApiPath(listParams: string, cursor: string | null): string {
  const parts = [listParams, cursor === null ? '' : `cursor=${encodeURIComponent(cursor)}`];
  const query = parts.filter(Boolean).join('&');
  return query ? `/api/members?${query}` : '/api/members';
}

/** The CSV export of the same view (every matching member, not only the rows loaded). */
export function membersExportHref(listParams: string): string {
  return listParams ? `/api/members/export?${listParams}` : '/api/members/export';
}

/** A column header's click: ascending, or descending when it already sorts ascending. */
export function nextSort(sort: readonly SortKey[], field: MemberSortField): SortKey[] {
  const primary = sort[0] ?? defaultSort;
  const isDescending = primary.field === field && !primary.isDescending;
  return [{ field, isDescending }];
}

/** The header's `aria-sort`: only the column the rows are ordered by first has one. */
export function ariaSortOf(
  sort: readonly SortKey[],
  field: MemberSortField,
): 'ascending' | 'descending' | undefined {
  const primary = sort[0] ?? defaultSort;
  if (primary.field !== field) return undefined;
  return primary.isDescending ? 'descending' : 'ascending';
}

/** The values a one-of filter selects (`active,overdue` → both). */
export function filterValues(filter: string | undefined): string[] {
  if (!filter) return [];
  return filter.split(',').filter(Boolean);
}

/** A one-of filter with `value` added, or removed if it was selected; undefined when empty. */
export function toggleFilterValue(filter: string | undefined, value: string): string | undefined {
  const values = filterValues(filter);
  const next = values.includes(value)
    ? values.filter((item) => item !== value)
    : [...values, value];
  return next.length === 0 ? undefined : next.join(',');
}

/** True when the view narrows the rows (search or a column filter). */
export function hasFilters(state: MembersListState): boolean {
  return state.q !== '' || memberFilterNames.some((name) => state.filters[name] !== undefined);
}

/** The view without search and filters; the order stays. */
export function withoutFilters(state: MembersListState): MembersListState {
  return { q: '', sort: state.sort, filters: {} };
}

const countFormat = new Intl.NumberFormat('en');

/** The list's count, an estimate: "about 1,000 members". */
export function formatEstimatedTotal(total: number): string {
  return `about ${countFormat.format(total)} ${total === 1 ? 'member' : 'members'}`;
}
