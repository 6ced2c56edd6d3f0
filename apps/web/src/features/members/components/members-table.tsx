import type { TMemberListItem } from '@ops/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ariaSortOf, type MemberSortField, type SortKey } from '../utils/list-params';
import { StatusBadge } from './status-badge';

/** Spec §9's list defaults: fixed 40 px rows, one row rendered beyond each edge. */
export const rowHeight = 40;
const overscan = 1;
/** More rows are fetched when the last rendered row is this close to the end of those loaded. */
const loadMoreWithin = 10;

const columns: { field: MemberSortField; label: string }[] = [
  { field: 'number', label: 'Number' },
  { field: 'legalName', label: 'Name' },
  { field: 'country', label: 'Country' },
  { field: 'category', label: 'Category' },
  { field: 'status', label: 'Status' },
  { field: 'joinedOn', label: 'Joined' },
  { field: 'paidThroughYear', label: 'Paid through' },
];

// One template for the header and every row, so the columns line up.
const gridColumns =
  'grid grid-cols-[7rem_minmax(14rem,2fr)_minmax(9rem,1fr)_7rem_9rem_7rem_6.5rem] items-center';

const SortArrow = ({ direction }: { direction: 'ascending' | 'descending' | undefined }) => (
  <span aria-hidden="true" className={direction ? 'text-slate-700' : 'text-transparent'}>
    {direction === 'descending' ? '↓' : '↑'}
  </span>
);

/** One member: cells only display; the name's link covers the row (one link, hover in CSS). */
const MemberRow = memo(function MemberRow({
  member,
  rowIndex,
  start,
  linkSearch,
}: {
  member: TMemberListItem;
  /** 1-based, the header being row 1. */
  rowIndex: number;
  start: number;
  /** The list's query string, kept when the detail opens beside it. */
  linkSearch: string;
}) {
  const href = `${paths.member.getHref({ mid: member.mid })}${linkSearch ? `?${linkSearch}` : ''}`;
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={`${gridColumns} absolute top-0 left-0 w-full border-b border-slate-100 px-2 text-sm text-slate-800 hover:bg-sky-50`}
      style={{ height: rowHeight, transform: `translateY(${start}px)` }}
    >
      <div role="cell" className="truncate px-2 font-mono text-xs tabular-nums">
        {member.number}
      </div>
      <div role="cell" className="min-w-0 px-2 leading-tight">
        <Link
          to={href}
          className={[
            'block truncate font-medium text-sky-800 focus-visible:outline-none',
            // The link's box covers the row: a click anywhere on it opens the member, and the
            // focus ring is drawn around the row.
            'after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-sky-600',
          ].join(' ')}
        >
          {member.legalName}
        </Link>
        {member.tradeName ? (
          <span className="block truncate text-xs text-slate-600">{member.tradeName}</span>
        ) : null}
      </div>
      <div role="cell" className="truncate px-2">
        {member.countryName ?? member.countryIso2 ?? ''}
      </div>
      <div role="cell" className="truncate px-2">
        {member.category}
      </div>
      <div role="cell" className="px-2">
        <StatusBadge status={member.status} />
      </div>
      <div role="cell" className="px-2 tabular-nums">
        {member.joinedOn ?? ''}
      </div>
      <div role="cell" className="px-2 tabular-nums">
        {member.paidThroughYear ?? ''}
      </div>
    </div>
  );
});

export type MembersTableProps = {
  rows: TMemberListItem[];
  sort: readonly SortKey[];
  onSort: (field: MemberSortField) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** The list's query string (without `?`), carried by the row links. */
  linkSearch: string;
  /** True while a new view loads and the previous rows are shown. */
  isStale: boolean;
};

/**
 * The members as an ARIA table in a labelled scroll area: a sticky header whose cells sort,
 * and only the rows in view rendered (TanStack Virtual), more pages fetched near the end.
 */
export function MembersTable({
  rows,
  sort,
  onSort,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  linkSearch,
  isStale,
}: MembersTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read, not memoized.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // The sticky header row sits above the rows inside the scroll area.
    scrollMargin: rowHeight,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // A new view (sort, search, filter) starts at its first row.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [linkSearch]);

  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    if (lastIndex >= rows.length - loadMoreWithin) fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Members list"
      // Focusable so that the keyboard can scroll it.
      tabIndex={0}
      className="h-[min(70vh,42rem)] min-h-64 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
    >
      <div
        role="table"
        aria-label="Members"
        aria-rowcount={hasNextPage ? -1 : rows.length + 1}
        aria-busy={isStale || undefined}
        className={`min-w-[60rem] ${isStale ? 'opacity-60' : ''}`}
      >
        <div role="rowgroup" className="sticky top-0 z-10 bg-slate-50">
          <div
            role="row"
            aria-rowindex={1}
            className={`${gridColumns} border-b border-slate-200 px-2`}
            style={{ height: rowHeight }}
          >
            {columns.map(({ field, label }) => {
              const direction = ariaSortOf(sort, field);
              return (
                <div key={field} role="columnheader" aria-sort={direction} className="px-1">
                  <button
                    type="button"
                    onClick={() => onSort(field)}
                    className="inline-flex items-center gap-1 rounded px-1 py-1 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-sky-600"
                  >
                    {label}
                    <SortArrow direction={direction} />
                  </button>
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const member = rows[item.index];
            if (!member) return null;
            return (
              <MemberRow
                key={member.mid}
                member={member}
                rowIndex={item.index + 2}
                start={item.start - rowHeight}
                linkSearch={linkSearch}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
