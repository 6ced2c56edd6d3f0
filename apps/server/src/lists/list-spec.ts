import {
  filterSyntax,
  listFilterFields,
  listSortFields,
  type AnyListDefinition,
  type ListColumnName,
  type ListColumnType,
  type ListFilterField,
  type ListSortField,
  type TErrorRule,
} from '@ops/contract';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../errors';

/**
 * A column as a filter reads it: the SQL it compares, how values are read, and the only values
 * a filter may name. Everything that becomes SQL here comes from the spec (code), never from the
 * request: the request only picks names and gives values.
 */
export type ListColumn = {
  /** The column for filters, e.g. `m.joined_on`. */
  column: string;
  kind: ListColumnType;
  /** The only values a filter may name, when the column is an enumeration. */
  values?: readonly string[] | undefined;
};

/** The SQL of a sort: never NULL, with an index that serves it (the id after it). */
type SortSql = {
  /**
   * The expression rows are ordered by: never NULL (a sentinel stands for it, sorting last),
   * so that keyset comparisons hold. An index exists for it (with the id after it); the test
   * `lists/index-per-sort.test.ts` reads every sort's plan.
   */
  sortExpression: string;
};

/** The SQL of a filter the runner applies: the column its values are compared with. */
type FilterSql =
  | { column: string; isOwnFilter?: true }
  /**
   * A filter the list applies itself, in the `from` of its per-request definition (an array
   * test, a derived condition): the runner leaves it alone.
   */
  | { isOwnFilter: true };

/**
 * A column filtered and sorted by one expression (a plain column, mostly): written once, so that
 * the filter's comparison and the sort's index cannot drift apart.
 */
export function sortAndFilterBy(expression: string): SortSql & { column: string } {
  return { column: expression, sortExpression: expression };
}

/** What the SQL of one column may say, whatever the list. */
export type ListColumnSql = { sortExpression?: string; column?: string; isOwnFilter?: true };

/**
 * The server's part of a declared list (`@ops/contract` `defineList`): SQL for exactly the
 * columns its definition sorts or filters by, typed against it, so that a sort or filter
 * declared in the contract cannot lack its SQL (nor SQL exist for an undeclared one).
 */
export type ListSpec<L extends AnyListDefinition = AnyListDefinition> = {
  definition: L;
  /** The unique column that breaks ties, e.g. `m.mid`. */
  id: string;
  columns: string extends ListColumnName<L>
    ? Readonly<Record<string, ListColumnSql>>
    : { [K in ListSortField<L>]: SortSql } & { [K in ListFilterField<L>]: FilterSql };
  /**
   * Sorts read without an index, and why (a table of a few hundred rows at most). Every other
   * sort's first page must come straight from an index (`lists/index-per-sort.test.ts`).
   */
  unindexedSorts?: { fields: 'all' | readonly ListSortField<L>[]; reason: string };
};

export type SortField = { field: string; isDescending: boolean };

/** The SQL of a column of any list (undefined for a name the list does not declare). */
export function columnSql(spec: ListSpec, field: string): ListColumnSql | undefined {
  return Object.hasOwn(spec.columns, field)
    ? (spec.columns as Record<string, ListColumnSql>)[field]
    : undefined;
}

/** The expression a declared sort orders by. */
export function sortExpressionOf(spec: ListSpec, field: string): string {
  const expression = columnSql(spec, field)?.sortExpression;
  if (expression === undefined) throw new Error(`The list has no sort "${field}"`);
  return expression;
}

/** A filtered column as `filterCondition` reads it: its SQL and the definition's type and values. */
export function filterColumnOf(spec: ListSpec, field: string): ListColumn | undefined {
  const column = columnSql(spec, field)?.column;
  const declared = spec.definition.columns[field];
  if (column === undefined || !declared?.filter) return undefined;
  return { column, kind: declared.type ?? 'text', values: declared.values };
}

/** The filters the runner applies: every declared filter but the list's own ones. */
export function runnerFilterFields(spec: ListSpec): string[] {
  return listFilterFields(spec.definition).filter(
    (field) => columnSql(spec, field)?.isOwnFilter !== true,
  );
}

/** `"currency,-label"` → the fields to order by (the definition's default sort reads so too). */
function sortFieldsOf(raw: string): SortField[] {
  return raw.split(',').map((part) => ({
    field: part.replace(/^-/, ''),
    isDescending: part.startsWith('-'),
  }));
}

export function badQuery(field: string, rule: TErrorRule, message: string): AppError {
  return new AppError('invalid-argument', `query.${field}: ${message}`, {
    issues: [{ path: `query.${field}`, rule, message }],
  });
}

/**
 * `"status,-joinedOn"` → the fields to order by; a field the definition does not sort by is a
 * 400 naming it and the sorts there are.
 */
export function parseSort(raw: string | undefined, spec: ListSpec): SortField[] {
  if (!raw) return sortFieldsOf(spec.definition.defaultSort);
  const fields = sortFieldsOf(raw);
  const sorts: readonly string[] = listSortFields(spec.definition);
  for (const { field } of fields) {
    if (!sorts.includes(field)) {
      throw badQuery(
        'sort',
        'invalid_value',
        `"${field}" cannot be sorted by; use one of ${sorts.join(', ')}`,
      );
    }
  }
  return fields;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function parseValue(field: string, column: ListColumn, text: string): string | number {
  const value = text.trim();
  if (column.kind === 'integer') {
    if (!/^-?\d{1,9}$/.test(value))
      throw badQuery(field, 'invalid_type', `"${value}" is not a whole number`);
    return Number(value);
  }
  if (column.kind === 'date') {
    if (!isoDate.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
      throw badQuery(field, 'invalid_format', `"${value}" is not a date (YYYY-MM-DD)`);
    }
    return value;
  }
  if (column.values && !column.values.includes(value)) {
    throw badQuery(field, 'invalid_value', `"${value}" is not one of ${column.values.join(', ')}`);
  }
  if (value.length === 0 || value.length > 200) {
    throw badQuery(field, 'invalid_value', 'a value must have 1 to 200 characters');
  }
  return value;
}

const arrayType = { text: 'text[]', integer: 'int[]', date: 'date[]' } as const;

/**
 * A column filter as SQL: `a,b` (one of), `from..to` (a range, either end optional) or
 * `(empty)` (no value). Bad values are a 400 naming the field and the rule.
 */
export function filterCondition(
  field: string,
  raw: string,
  column: ListColumn,
): RawBuilder<boolean> {
  const target = sql.raw(column.column);
  if (raw === filterSyntax.empty) return sql<boolean>`${target} IS NULL`;
  if (raw.includes(filterSyntax.range)) {
    const [fromText = '', toText = '', ...rest] = raw.split(filterSyntax.range);
    if (rest.length > 0 || (fromText === '' && toText === '')) {
      throw badQuery(field, 'invalid_format', `"${raw}" is not a range "from..to"`);
    }
    const parts: RawBuilder<boolean>[] = [];
    if (fromText !== '')
      parts.push(sql<boolean>`${target} >= ${parseValue(field, column, fromText)}`);
    if (toText !== '') parts.push(sql<boolean>`${target} <= ${parseValue(field, column, toText)}`);
    return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
  }
  const values = raw.split(filterSyntax.separator).map((text) => parseValue(field, column, text));
  if (values.length > 100) throw badQuery(field, 'too_big', 'at most 100 values');
  return sql<boolean>`${target} = ANY(${values}::${sql.raw(arrayType[column.kind])})`;
}

/** The cursor of a page: the sort values and id of its last row, opaque to the client. */
export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): (string | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (
    !Array.isArray(values) ||
    values.length !== length ||
    !values.every((value) => typeof value === 'string' || typeof value === 'number')
  ) {
    throw badQuery(
      'cursor',
      'invalid_format',
      'the cursor is not one this list gave out (or its sort changed)',
    );
  }
  return values as (string | number)[];
}

/**
 * Rows after the cursor's row in the order `(sort expressions…, id)`. With one direction
 * throughout, a row comparison that the index answers; with mixed directions, the spelled-out
 * form (a = x AND b > y) OR a > x.
 */
export function afterCursor(
  keys: { expression: string; isDescending: boolean }[],
  values: (string | number)[],
): RawBuilder<boolean> {
  const isUniform = keys.every((key) => key.isDescending === keys[0]?.isDescending);
  if (isUniform) {
    const op = keys[0]?.isDescending ? sql.raw('<') : sql.raw('>');
    return sql<boolean>`(${sql.join(keys.map((key) => sql.raw(key.expression)))}) ${op} (${sql.join(values.map((value) => sql`${value}`))})`;
  }
  const alternatives = keys.map((key, i) => {
    const equalBefore = keys
      .slice(0, i)
      .map((before, j) => sql`${sql.raw(before.expression)} = ${values[j]}`);
    const beyond = sql`${sql.raw(key.expression)} ${sql.raw(key.isDescending ? '<' : '>')} ${values[i]}`;
    return sql`(${sql.join([...equalBefore, beyond], sql` AND `)})`;
  });
  return sql<boolean>`(${sql.join(alternatives, sql` OR `)})`;
}
