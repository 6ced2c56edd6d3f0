import { recordColumns } from './record-columns';

/**
 * A table of settings: one row, whose `id` can only be `id`, inserted with the columns' defaults,
 * versioned like a record (`recordColumns`). `settings` are the columns' definitions. Applied
 * migrations build their SQL with this, so the text must stay exactly as it is.
 */
export function settingsTable(table: string, id: string, settings: readonly string[]): string {
  return `CREATE TABLE ${table} (
  id text PRIMARY KEY DEFAULT '${id}' CHECK (id = '${id}'),
${settings.map((column) => `  ${column},\n`).join('')}  ${recordColumns}
);
INSERT INTO ${table} (id) VALUES ('${id}');`;
}
