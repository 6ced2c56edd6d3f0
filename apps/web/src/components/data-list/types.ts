import type { ReactNode } from 'react';
import type { OperatorAction } from '@/lib/permissions';

/** One column: what it shows, how wide it is, whether the API sorts by it. */
export type DataListColumn<Row> = {
  /** The column's name; also the sort field the API takes when `sortable`. */
  id: string;
  label: string;
  /** A CSS grid track, e.g. `7rem` or `minmax(14rem,2fr)`. */
  width: string;
  sortable?: boolean;
  /** The cell that holds the row's link (its box covers the row); one per list. */
  isPrimary?: boolean;
  isHiddenByDefault?: boolean;
  /** Right-aligned numbers. */
  isNumeric?: boolean;
  render: (row: Row) => ReactNode;
};

export type DataListFilter =
  | {
      name: string;
      label: string;
      kind: 'one-of';
      options: readonly { value: string; label: string }[];
      /** Offers "No value" (`(empty)`). */
      allowsEmpty?: boolean;
    }
  | { name: string; label: string; kind: 'range'; input: 'date' | 'number'; allowsEmpty?: boolean }
  | { name: string; label: string; kind: 'text'; placeholder?: string }
  /** A member chosen by searching its name or number; the value is its id, the chip its name. */
  | { name: string; label: string; kind: 'member' };

/** The rows a bulk action applies to: picked one by one, or every row the view matches. */
export type ListSelectionTarget =
  | { kind: 'ids'; ids: string[] }
  | {
      kind: 'all';
      /** The view's query string (q, sort, filters) as the list API takes it. */
      listParams: string;
    };

export type DataListBulkAction = {
  id: string;
  label: string;
  /** Hidden from operators whose roles do not allow it. */
  permission?: OperatorAction;
  /** Asked before running; the person confirms. */
  confirm?: string;
  /** A reason the person must give before it runs (kept in the audit trail). */
  reasonLabel?: string;
  /** Runs the action; resolves to the result a person reads ("12 members suspended."). */
  run: (selection: ListSelectionTarget, reason: string) => Promise<string>;
};

export type DataListDefinition<Row> = {
  /** The query-key root, e.g. 'members'. */
  name: string;
  noun: { one: string; many: string };
  /** GET with the list contract: `{data, nextCursor, estimatedTotal, totalIsExact}`. */
  apiPath: string;
  /** GET: CSV of the whole filtered set, same parameters. */
  exportPath?: string;
  /** Change-feed tables whose changes refresh the list. */
  liveTables: readonly string[];
  rowKey: (row: Row) => string;
  rowHref: (row: Row) => string;
  /** Names a row for its selection checkbox ("Select Acme Logistics"); the key when absent. */
  rowLabel?: (row: Row) => string;
  /** `field` or `-field`. */
  defaultSort: string;
  /** The search box's label; no box when absent (the list takes no `q`). */
  searchLabel?: string;
  searchPlaceholder?: string;
  columns: readonly DataListColumn<Row>[];
  filters?: readonly DataListFilter[];
  bulkActions?: readonly DataListBulkAction[];
  /** Shown when no row matches and no filter narrows the list. */
  emptyMessage?: string;
};

/** The list's page as every list endpoint answers it. */
export type DataListPage<Row> = {
  data: Row[];
  nextCursor: string | null;
  estimatedTotal: number;
  /** Whether estimatedTotal was counted (say "8 operators") or estimated ("about 120,000"). */
  totalIsExact: boolean;
};
