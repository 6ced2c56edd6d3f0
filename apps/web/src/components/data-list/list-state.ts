/**
 * A list's view as its URL carries it: `q`, `sort`, one parameter per column filter, the
 * columns shown and the rows selected. A refresh or a shared link shows the same view; the
 * API and the CSV export take the same query string (without `cols` and `selected`).
 */

/** How many sort fields the list contract accepts (contract `listLimits.maxSortFields`). */
export const maxSortFields = 3;
/** Rows that can be selected one by one; beyond, "select all N matching" is the way. */
export const maxSelectedIds = 200;
const maxQueryLength = 200;
const maxFilterLength = 500;

/** Filter values as the URL and the API carry them (contract `filterSyntax`). */
export const filterSyntax = { separator: ',', range: '..', empty: '(empty)' } as const;

export type SortKey = { field: string; isDescending: boolean };

/** What a list definition tells the URL parser. */
export type ListShape = {
  sortFields: readonly string[];
  filterNames: readonly string[];
  columnIds: readonly string[];
  /** Columns shown when the URL names none. */
  defaultColumns: readonly string[];
  /** `field` or `-field`. */
  defaultSort: string;
};

export type Selection = { kind: 'none' } | { kind: 'ids'; ids: string[] } | { kind: 'all' };

export type ListState = {
  /** Full-text search; '' for none. */
  q: string;
  /** Sort keys; empty for the list's default. */
  sort: SortKey[];
  /** Column filters in the URL's syntax (`a,b`, `from..to`, `(empty)`); absent for none. */
  filters: Record<string, string>;
  /** Visible columns in order; null for the list's default. */
  columns: string[] | null;
  selection: Selection;
};

export function parseSortParam(value: string | null | undefined, shape: ListShape): SortKey[] {
  if (!value) return [];
  const keys: SortKey[] = [];
  for (const part of value.split(',')) {
    const isDescending = part.startsWith('-');
    const field = isDescending ? part.slice(1) : part;
    if (!shape.sortFields.includes(field) || keys.some((key) => key.field === field)) continue;
    keys.push({ field, isDescending });
    if (keys.length === maxSortFields) break;
  }
  return keys;
}

export function formatSort(sort: readonly SortKey[]): string {
  return sort.map(({ field, isDescending }) => `${isDescending ? '-' : ''}${field}`).join(',');
}

function parseSelection(value: string | null): Selection {
  if (!value) return { kind: 'none' };
  if (value === 'all') return { kind: 'all' };
  const ids = [...new Set(value.split(',').filter(Boolean))].slice(0, maxSelectedIds);
  return ids.length > 0 ? { kind: 'ids', ids } : { kind: 'none' };
}

function parseColumns(value: string | null, shape: ListShape): string[] | null {
  if (!value) return null;
  const ids = [...new Set(value.split(','))].filter((id) => shape.columnIds.includes(id));
  return ids.length > 0 ? ids : null;
}

/** The view a URL's query string describes (anything unknown is ignored). */
export function parseListState(search: URLSearchParams | string, shape: ListShape): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, string> = {};
  for (const name of shape.filterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value.slice(0, maxFilterLength);
  }
  return {
    q: (params.get('q') ?? '').trim().slice(0, maxQueryLength),
    sort: parseSortParam(params.get('sort'), shape),
    filters,
    columns: parseColumns(params.get('cols'), shape),
    selection: parseSelection(params.get('selected')),
  };
}

/** A parameter value with each comma-separated part encoded, so `a,b` stays readable. */
function encodeValue(value: string): string {
  return value
    .split(',')
    .map((part) => encodeURIComponent(part))
    .join(',');
}

function joinParams(entries: [string, string | undefined][]): string {
  return entries
    .flatMap(([name, value]) => (value ? [`${name}=${encodeValue(value)}`] : []))
    .join('&');
}

/**
 * The rows of a view as the API and the export take them (without `?`):
 * `q=…&sort=…&status=active,overdue`. '' for the default view.
 */
export function formatQueryParams(state: ListState, shape: ListShape): string {
  return joinParams([
    ['q', state.q.trim() || undefined],
    ['sort', formatSort(state.sort) || undefined],
    ...shape.filterNames.map((name): [string, string | undefined] => [name, state.filters[name]]),
  ]);
}

/** The whole view as the URL carries it: the rows' parameters, then columns and selection. */
export function formatListState(state: ListState, shape: ListShape): string {
  const isDefaultColumns =
    state.columns === null || state.columns.join(',') === shape.defaultColumns.join(',');
  const selected =
    state.selection.kind === 'all'
      ? 'all'
      : state.selection.kind === 'ids'
        ? state.selection.ids.join(',')
        : undefined;
  return [
    formatQueryParams(state, shape),
    joinParams([
      ['cols', isDefaultColumns ? undefined : (state.columns ?? []).join(',')],
      ['selected', selected],
    ]),
  ]
    .filter(Boolean)
    .join('&');
}

/** An API path with the view's parameters and the cursor of the page before. */
export function withQuery(path: string, queryParams: string, cursor?: string | null): string {
  const parts = [queryParams, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''];
  const query = parts.filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

function parseDefaultSort(shape: ListShape): SortKey {
  const isDescending = shape.defaultSort.startsWith('-');
  return { field: shape.defaultSort.replace(/^-/, ''), isDescending };
}

/** A column header's click: ascending, or descending when it already sorts ascending. */
export function nextSort(sort: readonly SortKey[], field: string, shape: ListShape): SortKey[] {
  const primary = sort[0] ?? parseDefaultSort(shape);
  const isDescending = primary.field === field && !primary.isDescending;
  return [{ field, isDescending }];
}

/** The header's `aria-sort`: only the column the rows are ordered by first has one. */
export function ariaSortOf(
  sort: readonly SortKey[],
  field: string,
  shape: ListShape,
): 'ascending' | 'descending' | undefined {
  const primary = sort[0] ?? parseDefaultSort(shape);
  if (primary.field !== field) return undefined;
  return primary.isDescending ? 'descending' : 'ascending';
}

/** The values a one-of filter selects (`active,overdue` → both). */
export function filterValues(filter: string | undefined): string[] {
  if (!filter || filter.includes(filterSyntax.range)) return [];
  return filter.split(filterSyntax.separator).filter(Boolean);
}

/** A one-of filter with `value` added, or removed if it was selected; undefined when empty. */
export function toggleFilterValue(filter: string | undefined, value: string): string | undefined {
  const values = filterValues(filter);
  const next = values.includes(value)
    ? values.filter((item) => item !== value)
    : [...values, value];
  return next.length === 0 ? undefined : next.join(filterSyntax.separator);
}

/** A range filter's ends (`2020-01-01..` → from only). */
export function rangeOf(filter: string | undefined): { from: string; to: string } {
  if (!filter?.includes(filterSyntax.range)) return { from: '', to: '' };
  const [from = '', to = ''] = filter.split(filterSyntax.range);
  return { from, to };
}

/** A range filter from its ends; undefined when both are empty. */
export function formatRange(from: string, to: string): string | undefined {
  const start = from.trim();
  const end = to.trim();
  return start || end ? `${start}${filterSyntax.range}${end}` : undefined;
}

/** A filter set to a value, or removed when the value is undefined. */
export function withFilter(state: ListState, name: string, value: string | undefined): ListState {
  const others = Object.entries(state.filters).filter(([key]) => key !== name);
  const filters = Object.fromEntries(value === undefined ? others : [...others, [name, value]]);
  // Other rows match now: a selection made among the old ones no longer applies.
  return { ...state, filters, selection: { kind: 'none' } };
}

/** True when the view narrows the rows (search or a column filter). */
export function hasFilters(state: ListState): boolean {
  return state.q !== '' || Object.keys(state.filters).length > 0;
}

/** The view without search and filters; the order and the columns stay. */
export function withoutFilters(state: ListState): ListState {
  return { ...state, q: '', filters: {}, selection: { kind: 'none' } };
}

/** The selection with one row added or removed. */
export function toggleSelected(selection: Selection, id: string): Selection {
  const ids = selection.kind === 'ids' ? selection.ids : [];
  const next = ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id];
  if (next.length === 0) return { kind: 'none' };
  return { kind: 'ids', ids: next.slice(0, maxSelectedIds) };
}

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'all' || (selection.kind === 'ids' && selection.ids.includes(id));
}

const countFormat = new Intl.NumberFormat('en');

export function formatCount(count: number): string {
  return countFormat.format(count);
}

/**
 * A number of matching rows as said in a sentence: "8" when the server counted them, "about
 * 120,000" when it estimated (above the exact count's limit, contract `listLimits`).
 */
export function formatMatchingCount(total: number, isExact: boolean): string {
  return isExact ? formatCount(total) : `about ${formatCount(total)}`;
}

/** The list's count: "8 operators" when exact, "about 120,000 members" when estimated. */
export function formatListTotal(
  total: number,
  isExact: boolean,
  noun: { one: string; many: string },
): string {
  return `${formatMatchingCount(total, isExact)} ${total === 1 ? noun.one : noun.many}`;
}
