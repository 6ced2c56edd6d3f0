/**
 * A list declared once (issue 15): its columns, which of them the API sorts and filters by, the
 * values a filter may name, and the CSV export's headers. Zod-free, so that the browser imports
 * it (`@ops/contract/values`). Everything else is derived from it: the query schema
 * (`listQuerySchema` in `lists.ts`), the allowed sorts (`<area>ListSorts`) and filters, the
 * export's columns, the server's `ListSpec` (which adds only SQL, typed against it) and the web
 * list's column ids and sortability (`DataListDefinition<Row, typeof membersList>`). A column
 * may also declare the item field it shows (`item`), which the contract adds to the list's item
 * schema (`listItemFields` in `lists.ts`), so a new column is the definition, the server's SQL
 * and the web cell.
 */

/**
 * Filter values as a URL carries them (see `parseFilter` on the server); the browser's list
 * state and the drill-down links read them from here.
 */
export const filterSyntax = {
  /** `a,b`: one of these values. */
  separator: ',',
  /** `from..to`: a range; either end may be left out (`2020-01-01..`). */
  range: '..',
  /** `(empty)`: no value at all. */
  empty: '(empty)',
} as const;

/** How a filter's values are read: text, whole numbers or dates (YYYY-MM-DD). */
export type ListColumnType = 'text' | 'integer' | 'date';

/**
 * What an item field holds: text, a whole number, a date (`YYYY-MM-DD`), a time (ISO 8601,
 * UTC), true/false, one of the column's `values`, or an amount in minor units (a whole number).
 */
export type ListItemFieldType = 'text' | 'integer' | 'date' | 'time' | 'boolean' | 'enum' | 'money';

/**
 * The records a filter's values name (issue 19): country codes, member ids (members not
 * deleted), bank account ids, operator or user ids. A saved view whose filter names a record
 * that no longer exists opens without that value (`apps/server/src/saved-views/`).
 */
export type ListColumnReference = 'country' | 'member' | 'bank-account' | 'operator' | 'user';

/** The field of the list's items a column shows (see `listItemFieldsOf`). */
export type ListItemFieldDefinition = {
  /** The item field's name, when not the column's own (`countryIso2` for `country`). */
  readonly key?: string;
  /**
   * What it holds; by default what the column's filter reads: an enumeration when the column has
   * `values`, else its `type` (text when it has none).
   */
  readonly type?: ListItemFieldType;
  /** The field may be null (the row has no value). */
  readonly nullable?: boolean;
  /**
   * The field's description in the API docs (dates, times and amounts have a generic one). Not
   * the column's `description`: that one describes the filter parameter's syntax.
   */
  readonly description?: string;
};

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
   * The records the filter's values name (a country code, a member id, …): a saved view checks
   * that they still exist when it opens, and leaves out those that do not (issue 19).
   */
  readonly references?: ListColumnReference;
  /**
   * The column's header in the CSV export; columns without one are not exported. The export
   * follows the declaration order.
   */
  readonly header?: string;
  /**
   * The item field the export writes, when not the column's own name or its `item.key`
   * (`countryIso2`).
   */
  readonly exportKey?: string;
  /**
   * The item field the column shows, declared here rather than in the contract's item schema
   * (`Z<Area>ListItem` spreads `listItemFields(list)`). Columns without it have their field
   * written by hand in the item schema, or show no field of their own.
   */
  readonly item?: ListItemFieldDefinition;
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

/** The columns that declare their item field. */
export type ListItemColumnName<L extends AnyListDefinition> =
  string extends ListColumnName<L>
    ? string
    : {
        [K in ListColumnName<L>]: L['columns'][K] extends { readonly item: ListItemFieldDefinition }
          ? K
          : never;
      }[ListColumnName<L>];

/** The item field a column declares: `item.key`, else the column's name. */
export type ListItemFieldKey<
  L extends AnyListDefinition,
  K extends ListColumnName<L>,
> = L['columns'][K] extends { readonly item: { readonly key: infer Key extends string } } ? Key : K;

/** What a column's item field holds, resolved as `listItemFieldsOf` resolves it. */
export type ListItemFieldKind<C extends ListColumnDefinition> = C extends {
  readonly item: { readonly type: infer T extends ListItemFieldType };
}
  ? T
  : C extends { readonly values: readonly string[] }
    ? 'enum'
    : C extends { readonly type: infer T extends ListColumnType }
      ? T
      : 'text';

/** An item field a column declares, resolved: its key, what it holds, and whether it may be null. */
export type ListItemField = {
  /** The column declaring it. */
  column: string;
  key: string;
  type: ListItemFieldType;
  nullable: boolean;
  description: string | undefined;
  /** The values of an enumeration (`type: 'enum'`). */
  values: readonly string[] | undefined;
};

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

/** The item fields the columns declare, in declaration order (the item schema's order). */
export function listItemFieldsOf(definition: AnyListDefinition): ListItemField[] {
  return Object.entries(definition.columns).flatMap(([name, column]) => {
    const item = column.item;
    if (item === undefined) return [];
    const type = item.type ?? (column.values === undefined ? (column.type ?? 'text') : 'enum');
    if (type === 'enum' && (column.values === undefined || column.values.length === 0)) {
      throw new Error(`List ${definition.name}: column ${name} is an enumeration without values.`);
    }
    return [
      {
        column: name,
        key: item.key ?? name,
        type,
        nullable: item.nullable === true,
        description: item.description,
        values: type === 'enum' ? column.values : undefined,
      },
    ];
  });
}

/** One column of a CSV export: the item field written, and its header. */
export type ListExportColumn = { key: string; header: string };

/** The CSV export's columns: every column with a header, in declaration order. */
export function listExportColumns(definition: AnyListDefinition): ListExportColumn[] {
  return Object.entries(definition.columns).flatMap(([name, column]) =>
    column.header === undefined
      ? []
      : [{ key: column.exportKey ?? column.item?.key ?? name, header: column.header }],
  );
}
