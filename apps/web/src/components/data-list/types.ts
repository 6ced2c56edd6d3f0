import type {
  AnyListDefinition,
  ListColumnName,
  ListFilterField,
  ListSortField,
} from '@ops/contract';
import type { TBulkUndoHandle } from '@ops/contract/bulk-edit';
import type { BulkEditList } from '@ops/contract/bulk-edit-fields';
import type { FetchQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OperatorAction } from '@/lib/permissions';

/**
 * Any list, for the kit that handles every list alike. `any` (not `AnyListDefinition`) because a
 * column's id is checked against its list's names both ways: a definition typed against its own
 * list must still pass where the kit takes any list's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyList = any;

/**
 * One column: what it shows, how wide it is, whether the API sorts by it. Typed against the
 * list's contract definition (`L`): an id the definition does not declare, or `sortable` on a
 * column it does not sort by, is a type error.
 */
export type DataListColumn<Row, L extends AnyListDefinition = AnyList> = {
  [Id in ListColumnName<L>]: DataListColumnFields<Row> & {
    /** The column's name in the list's definition; the sort field the API takes when `sortable`. */
    id: Id;
    /** Only on a column the definition sorts by. */
    sortable?: Id extends ListSortField<L> ? boolean : false;
  };
}[ListColumnName<L>];

type DataListColumnFields<Row> = {
  label: string;
  /** A CSS grid track, e.g. `7rem` or `minmax(14rem,2fr)`. */
  width: string;
  /** The cell that holds the row's link (its box covers the row); one per list. */
  isPrimary?: boolean;
  isHiddenByDefault?: boolean;
  /** Right-aligned numbers. */
  isNumeric?: boolean;
  render: (row: Row) => ReactNode;
};

/** A filter the toolbar offers; `Name` is one the list's definition filters by. */
export type DataListFilter<Name extends string = string> =
  | {
      name: Name;
      label: string;
      kind: 'one-of';
      options: readonly { value: string; label: string }[];
      /** Offers "No value" (`(empty)`). */
      allowsEmpty?: boolean;
    }
  | { name: Name; label: string; kind: 'range'; input: 'date' | 'number'; allowsEmpty?: boolean }
  | { name: Name; label: string; kind: 'text'; placeholder?: string }
  /** A member chosen by searching its name or number; the value is its id, the chip its name. */
  | { name: Name; label: string; kind: 'member' };

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
  /** Runs the action; resolves to the result a person reads and, when it can be undone, how. */
  run: (selection: ListSelectionTarget, reason: string) => Promise<DataListBulkResult>;
};

/**
 * What a bulk action did: the sentence a person reads ("12 members suspended.") and the handle
 * the bulk bar's Undo sends to the list's `bulkUndoPath` (null: nothing to undo, e.g. an export).
 */
export type DataListBulkResult = { message: string; undo: TBulkUndoHandle | null };

/** "Edit field" on the selection (issue 19): the fields of `bulkEditFields[list]`. */
export type DataListBulkEdit = {
  list: BulkEditList;
  /** The area's bulk path, e.g. '/api/members/bulk': `…/edit/preview` and `…/edit` below it. */
  apiPath: string;
  /** Hidden from operators whose roles do not allow it. */
  permission: OperatorAction;
};

/**
 * A list screen: `L` is the list's contract definition (`typeof membersList`), which its columns
 * and filters are checked against.
 */
export type DataListDefinition<Row, L extends AnyListDefinition = AnyList> = {
  /** The query-key root: the definition's name, e.g. 'members'. */
  name: L['name'];
  noun: { one: string; many: string };
  /**
   * The title and description of the list's screen, for a list whose screen is nothing but the
   * list: `listScreen` in app/areas.ts renders it from here, so the area needs no route file.
   */
  screen?: ListScreenHeading;
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
  columns: readonly DataListColumn<Row, L>[];
  filters?: readonly DataListFilter<ListFilterField<L>>[];
  bulkActions?: readonly DataListBulkAction[];
  /** Offers "Edit field" on the selection; the list shows row selection for it alone too. */
  bulkEdit?: DataListBulkEdit;
  /** POST `{operationId}`: undoes a bulk action that answered with an undo handle. */
  bulkUndoPath?: string;
  /** Shown when no row matches and no filter narrows the list. */
  emptyMessage?: string;
  /**
   * The query of a row's detail (its feature's `queryOptions`): while a record is open, its
   * neighbours in the list are fetched ahead, so `[`/`]` show them at once (issue 19).
   */
  detailQuery?: DetailQuery<Row>;
};

/**
 * A row's detail query, as the feature's `xQueryOptions(id)` gives it (any record type: the
 * list only hands it to `prefetchQuery`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DetailQuery<Row> = (row: Row) => FetchQueryOptions<any, any, any, any>;

/** What a list's own screen shows above it. */
export type ListScreenHeading = { title: string; description: string };

/** A list definition that names its screen: the whole screen, declared with `listScreen`. */
export type DataListScreenDefinition<
  Row,
  L extends AnyListDefinition = AnyList,
> = DataListDefinition<Row, L> & { screen: ListScreenHeading };

/** The list's page as every list endpoint answers it. */
export type DataListPage<Row> = {
  data: Row[];
  nextCursor: string | null;
  estimatedTotal: number;
  /** Whether estimatedTotal was counted (say "8 operators") or estimated ("about 120,000"). */
  totalIsExact: boolean;
};
