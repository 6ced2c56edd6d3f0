/**
 * Checked by the type checker only (nothing here runs): `schema.ts`, the hand-written row types
 * the server queries with, must describe the migrated database as kysely-codegen reads it
 * (`generated/tables.ts`, kept fresh by `table-types.test.ts`). Each disagreement is a string
 * naming the table, the column and what differs; `npx tsc -p apps/server` prints them as
 * "Type '"members.foo: in the database, not in schema.ts"' does not satisfy the constraint 'never'".
 * Compatible, not equal: schema.ts may narrow a column (a status union, a JSON shape, the
 * contract's Language), never widen or retype it.
 */
import type { Selectable } from 'kysely';
import type { DB } from './generated/tables';
import type { JsonDocument } from './json-document';
import type { Database } from './schema';

/** The sign-in throttle's counters: rate-limiter-flexible's own table, reached only by its SQL. */
type RawSqlTables = 'rate_limits';

type Schema = { [T in keyof Database]: Selectable<Database[T]> };
type Migrated = { [T in Exclude<keyof DB, RawSqlTables>]: Selectable<DB[T]> };
type Shared = keyof Schema & keyof Migrated & string;

type MissingTables =
  | `${Exclude<keyof Migrated, keyof Schema> & string}: a table of the database, not in schema.ts`
  | `${Exclude<keyof Schema, keyof Migrated> & string}: in schema.ts, not a table of the database`;

type ColumnsOf<T extends Shared> = {
  [C in keyof Schema[T] | (keyof Migrated[T] & string)]: C extends keyof Migrated[T]
    ? C extends keyof Schema[T]
      ? ColumnDifference<Schema[T][C], Migrated[T][C]>
      : 'in the database, not in schema.ts'
    : 'in schema.ts, not in the database';
};

type IsNullable<T> = null extends T ? true : false;

/** What differs between a column's type in schema.ts and in the database, `never` if nothing. */
type ColumnDifference<InSchema, InDatabase> =
  IsNullable<InSchema> extends IsNullable<InDatabase>
    ? [JsonDocument] extends [NonNullable<InDatabase>]
      ? never // json/jsonb: schema.ts states the shape the code writes.
      : [NonNullable<InSchema>] extends [NonNullable<InDatabase>]
        ? never
        : 'another type than in the database'
    : IsNullable<InDatabase> extends true
      ? 'nullable in the database, not in schema.ts'
      : 'NOT NULL in the database, nullable in schema.ts';

type ColumnDifferences = {
  [T in Shared]: {
    [C in keyof ColumnsOf<T> & string]: [ColumnsOf<T>[C]] extends [never]
      ? never
      : `${T}.${C}: ${ColumnsOf<T>[C] & string}`;
  }[keyof ColumnsOf<T> & string];
}[Shared];

type Agrees<Differences extends never> = Differences;

/** Fails to type-check, naming each difference, while schema.ts and the migrations disagree. */
export type SchemaAgreesWithMigrations = Agrees<MissingTables | ColumnDifferences>;
