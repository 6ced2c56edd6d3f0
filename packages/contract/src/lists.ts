import { z } from 'zod';
import {
  listFilterFields,
  listItemFieldsOf,
  type AnyListDefinition,
  type ListColumnDefinition,
  type ListFilterField,
  type ListItemColumnName,
  type ListItemField,
  type ListItemFieldKey,
  type ListItemFieldKind,
} from './list-definition';

/**
 * The one list contract (shared/design/conventions.md): every list takes `q`, `sort`, `cursor`,
 * `limit` and its own column filters as query parameters, and answers
 * `{data, nextCursor, estimatedTotal, totalIsExact}`. Pages follow a cursor (keyset), never an
 * offset, so a deep page costs what the first does.
 */
export const listLimits = {
  defaultLimit: 50,
  maxLimit: 200,
  maxSortFields: 3,
  /**
   * Up to this many matching rows, a first page counts them exactly (a count stopped after one
   * more, through the list's own indexes); above, its total is the planner's estimate.
   */
  exactTotalLimit: 10_000,
} as const;

/** Filter values as a URL carries them (zod-free, in `list-definition.ts`). */
export { filterSyntax } from './list-definition';

export const ZListQuery = z.object({
  q: z.string().trim().max(200).optional().describe('Full-text: every word, the last as a prefix'),
  sort: z
    .string()
    .regex(
      /^-?[A-Za-z][A-Za-z0-9]*(,-?[A-Za-z][A-Za-z0-9]*){0,2}$/,
      'field names separated by commas, "-" for descending',
    )
    .optional()
    .describe('Up to 3 fields, e.g. "status,-joinedOn"; the id breaks ties'),
  cursor: z.string().max(2_000).optional().describe('nextCursor of the previous page'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(listLimits.maxLimit)
    .default(listLimits.defaultLimit)
    .describe('Rows per page'),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** A column filter parameter: `a,b` (one of), `from..to` (range) or `(empty)`. */
export const ZFilterParam = z
  .string()
  .max(500)
  .optional()
  .describe('One of "a,b", a range "from..to" (either end optional), or "(empty)"');

/** The filter parameters of a declared list, one per column it filters by. */
type ListFilterShape<L extends AnyListDefinition> = {
  [K in ListFilterField<L>]: typeof ZFilterParam;
};

/**
 * A list's query schema, derived from its definition (`list-definition.ts`): the list contract's
 * fields and one filter parameter per filtered column, described as the definition says.
 * `overrides` replaces fields of the list contract (a list's own words for `q` or `sort`).
 */
export function listQuerySchema<
  L extends AnyListDefinition,
  Overrides extends Partial<typeof ZListQuery.shape> = Record<never, never>,
>(definition: L, overrides?: Overrides) {
  const filters: Record<string, typeof ZFilterParam> = {};
  for (const name of listFilterFields(definition)) {
    const description = definition.columns[name]?.description;
    filters[name] = description === undefined ? ZFilterParam : ZFilterParam.describe(description);
  }
  return ZListQuery.extend({ ...(overrides ?? {}), ...filters } as Overrides & ListFilterShape<L>);
}

/** The descriptions of fields whose type says what they hold, when a column gives none. */
const itemFieldDescriptions: Partial<Record<ListItemField['type'], string>> = {
  date: 'YYYY-MM-DD',
  time: 'ISO 8601 time (UTC)',
  money: 'Minor units of the currency',
};

/** The zod schema of one kind of item field (before `nullable`). */
type ItemFieldBaseSchema<C extends ListColumnDefinition> =
  ListItemFieldKind<C> extends 'integer' | 'money'
    ? z.ZodNumber
    : ListItemFieldKind<C> extends 'boolean'
      ? z.ZodBoolean
      : ListItemFieldKind<C> extends 'enum'
        ? C extends { readonly values: readonly (infer V extends string)[] }
          ? z.ZodEnum<{ [Value in V]: Value }>
          : never
        : z.ZodString;

type ItemFieldSchema<C extends ListColumnDefinition> = C extends {
  readonly item: { readonly nullable: true };
}
  ? z.ZodNullable<ItemFieldBaseSchema<C>>
  : ItemFieldBaseSchema<C>;

/** The item fields a list's columns declare, as a zod shape. */
export type ListItemShape<L extends AnyListDefinition> = {
  [K in ListItemColumnName<L> as ListItemFieldKey<L, K>]: ItemFieldSchema<L['columns'][K]>;
};

function itemFieldSchema(field: ListItemField): z.ZodType {
  const base =
    field.type === 'integer' || field.type === 'money'
      ? z.number().int()
      : field.type === 'boolean'
        ? z.boolean()
        : field.type === 'enum'
          ? z.enum(field.values as readonly [string, ...string[]])
          : z.string();
  const schema = field.nullable ? base.nullable() : base;
  // Described after `nullable`, as the hand-written fields are: the description sits on the
  // field, not inside its `anyOf`.
  const description = field.description ?? itemFieldDescriptions[field.type];
  return description === undefined ? schema : schema.describe(description);
}

/**
 * The item fields a list's columns declare (`item` in `list-definition.ts`), in declaration
 * order, for the item schema to spread: `z.object({ mid: z.string(), ...,
 * ...listItemFields(membersList) })`. Text, dates and times are strings, integers and amounts
 * whole numbers, enumerations the column's `values`. The server's row → item mapping is typed
 * by the item, so a declared field it forgets does not compile.
 */
export function listItemFields<L extends AnyListDefinition>(definition: L): ListItemShape<L> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of listItemFieldsOf(definition)) shape[field.key] = itemFieldSchema(field);
  return shape as ListItemShape<L>;
}

export function listPageOf<Row extends z.ZodType>(row: Row) {
  return z.object({
    data: z.array(row),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` for the next page; null at the end'),
    estimatedTotal: z
      .number()
      .int()
      .describe(
        `Rows matching. On the first page (no cursor): the exact count when at most ${listLimits.exactTotalLimit.toLocaleString('en')} rows match, else PostgreSQL's planner estimate (at least ${(listLimits.exactTotalLimit + 1).toLocaleString('en')}). Later pages carry the planner's estimate only`,
      ),
    totalIsExact: z
      .boolean()
      .describe(
        'Whether estimatedTotal is the exact number of matching rows ("8 operators") rather than an estimate ("about 120,000 members"); only a first page can be exact',
      ),
  });
}

/** Rows a person can select one by one; beyond that, "every matching row" is the way. */
export const maxSelectedIds = 200;

/** The rows a bulk action applies to: picked on screen, or every row a view of the list shows. */
export const ZListSelection = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('ids'),
      ids: z.array(z.string().min(1).max(64)).min(1).max(maxSelectedIds),
    }),
    z.object({
      kind: z.literal('all'),
      listParams: z
        .string()
        .max(4_000)
        .describe("The view's query string as the list takes it: q, sort and filters"),
    }),
  ])
  .describe('Rows picked one by one, or every row a view of the list shows');
export type TListSelection = z.infer<typeof ZListSelection>;
