import type { TListSelection } from '@ops/contract';
import { bulkEditFields, type BulkEditField } from '@ops/contract/bulk-edit-fields';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { checkValueKind } from './check-value';
import type { EditField, EditTarget, EditValue } from './edit-target';

/** A bulk edit checked and ready to run: the field, the value, and its SQL. */
export type PreparedEdit = {
  field: EditField;
  value: EditValue;
  /** The value as SQL, cast to the column's type. */
  valueSql: RawBuilder<unknown>;
  /**
   * Each row's outcome over `row` (an alias of the table): 'not-editable' (the field may not
   * change there: its status, or a rule of the edit form), 'unchanged' (it has the value) or
   * 'changing'.
   */
  outcome: (row: string) => RawBuilder<string>;
};

/**
 * Checks a bulk edit's field and value (its kind, then the rules reading other records, a 400
 * naming `body.value`) and builds the SQL the preview and the commit share, so both count alike.
 */
export async function prepareEdit(
  db: Kysely<Database>,
  target: EditTarget,
  request: { field: string; value: EditValue; selection: TListSelection },
): Promise<PreparedEdit> {
  const value = checkValueKind(target.list, request.field, request.value);
  const field = target.fields[request.field];
  const declared = (bulkEditFields[target.list] as Record<string, BulkEditField>)[request.field];
  if (!field || !declared) throw new Error(`No bulk-edit field ${target.list}.${request.field}`);
  const facts = (await field.check?.(db, value)) ?? {};
  const valueSql = sql`CAST(${value} AS ${sql.raw(field.type)})`;
  return {
    field,
    value,
    valueSql,
    outcome: (row) => {
      const notEditable: RawBuilder<boolean>[] = [];
      if (declared.onlyStatuses) {
        notEditable.push(
          sql<boolean>`${sql.ref(`${row}.status`)} <> ALL(${[...declared.onlyStatuses]}::text[])`,
        );
      }
      const rule = field.notEditable?.(row, value, facts);
      if (rule) notEditable.push(rule);
      const current = sql.ref(`${row}.${field.column}`);
      const whenNotEditable =
        notEditable.length > 0
          ? sql`WHEN ${sql.join(notEditable, sql` OR `)} THEN 'not-editable'`
          : sql``;
      return sql<string>`CASE ${whenNotEditable}
        WHEN ${current} IS NOT DISTINCT FROM ${valueSql} THEN 'unchanged'
        ELSE 'changing' END`;
    },
  };
}
