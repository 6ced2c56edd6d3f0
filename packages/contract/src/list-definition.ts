/**
 * A list declared once (issue 15): its columns, which of them the API sorts and filters by, the
 * values a filter may name, and the CSV export's headers. Zod-free, so that the browser imports
 * it (`@ops/contract/values`). Everything else is derived from it: the query schema
 * (`listQuerySchema` in `lists.ts`), the allowed sorts (`<area>ListSorts`) and filters, the
 * export's columns, the server's `ListSpec` (which adds only SQL, typed against it) and the web
 * list's column ids and sortability (`DataListDefinition<Row, typeof membersList>`).
 */

/** How a filter's values are read: text, whole numbers or dates (YYYY-MM-DD). */
export type ListColumnType = 'text' | 'integer' | 'date';

export type ListColumnDefinition = {
  /** How a filter's values are read (a column that is not filtered may leave it out: text). */
  readonly type?: ListColumnType;
  /**
   * The list sorts by it (`sort=name` / `-name`). Each sort reads its first page from an index
   * (`apps/server/src/lists/index-per-sort.test.ts` walks them all).
   */
  readonly sort?: boolean;
  /** The list takes a filter of the same name (`name=a,b`, `from..to` or `(empty)`). */
  readonly filter?: boolean;
  /**
   * The filter parameter's description in the API docs (the generic one when absent). The
   * contract's area module reads it; zod is not needed to declare it.
   */
  readonly description?: string;
  /** The only values a filter may name, when the column is an enumeration. */
  readonly values?: readonly string[];
  /**
   * The column's header in the CSV export; columns without one are not exported. The export
   * follows the declaration order.
   */
  readonly header?: string;
  /** The item field the export writes, when not the column's own name (`countryIso2`). */
  readonly exportKey?: string;
};

export type ListDefinitionInput = {
  /** The list's name, e.g. `members` (the web list's query-key root). */
  readonly name: string;
  readonly columns: Readonly<Record<string, ListColumnDefinition>>;
  /** `field`, `-field` for descending, or several separated by commas (`currency,label`). */
  readonly defaultSort: string;
};

/** Any declared list, for code that handles every list alike. */
export type AnyListDefinition = ListDefinitionInput;

/** The names of a list's columns (every column a screen may show). */
export type ListColumnName<L extends AnyListDefinition> = Extract<keyof L['columns'], string>;

/** The columns a list sorts by (any name, for a list not known here). */
export type ListSortField<L extends AnyListDefinition> =
  string extends ListColumnName<L>
    ? string
    : {
        [K in ListColumnName<L>]: L['columns'][K] extends { readonly sort: true } ? K : never;
      }[ListColumnName<L>];

/** The column filters a list takes (query parameters of the same names). */
export type ListFilterField<L extends AnyListDefinition> =
  string extends ListColumnName<L>
    ? string
    : {
        [K in ListColumnName<L>]: L['columns'][K] extends { readonly filter: true } ? K : never;
      }[ListColumnName<L>];

/**
 * Declares a list. The `const` parameter keeps the literal `sort: true` / `filter: true` of
 * every column, which the derived types read.
 */
export function defineList<const L extends ListDefinitionInput>(definition: L): L {
  return definition;
}

/** The columns the list sorts by, in declaration order. */
export function listSortFields<L extends AnyListDefinition>(
  definition: L,
): readonly ListSortField<L>[] {
  return Object.entries(definition.columns)
    .filter(([, column]) => column.sort === true)
    .map(([name]) => name as ListSortField<L>);
}

/** The column filters the list takes, in declaration order. */
export function listFilterFields<L extends AnyListDefinition>(
  definition: L,
): readonly ListFilterField<L>[] {
  return Object.entries(definition.columns)
    .filter(([, column]) => column.filter === true)
    .map(([name]) => name as ListFilterField<L>);
}

/** One column of a CSV export: the item field written, and its header. */
export type ListExportColumn = { key: string; header: string };

/** The CSV export's columns: every column with a header, in declaration order. */
export function listExportColumns(definition: AnyListDefinition): ListExportColumn[] {
  return Object.entries(definition.columns).flatMap(([name, column]) =>
    column.header === undefined ? [] : [{ key: column.exportKey ?? name, header: column.header }],
  );
}
