/** Which writes to a followed table reach the change feed. */
type Write = 'insert' | 'update' | 'delete';

/**
 * The statement-level triggers that put a table's changes on the live change feed (the function
 * `notify_statement_changes(key column)` of migration 0004), one block per table with an empty
 * line between them. Applied migrations build their SQL with this, so the text it returns
 * must stay exactly as it is: a database that ran them has these triggers already. A change of
 * the triggers is a new migration, never an edit here.
 */
export function changeFeedTriggers(
  tables: readonly (readonly [table: string, keyColumn: string])[],
  writes: readonly Write[] = ['insert', 'update', 'delete'],
): string {
  return tables
    .map(([table, keyColumn]) => writes.map((write) => trigger(table, keyColumn, write)).join('\n'))
    .join('\n\n');
}

function trigger(table: string, keyColumn: string, write: Write): string {
  // A deletion's rows are the old ones; an insertion's and an update's the new ones.
  const rows = write === 'delete' ? 'OLD TABLE AS old_rows' : 'NEW TABLE AS new_rows';
  return `CREATE TRIGGER ${table}_changes_${write} AFTER ${write.toUpperCase()} ON ${table}
  REFERENCING ${rows}
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_changes('${keyColumn}');`;
}
