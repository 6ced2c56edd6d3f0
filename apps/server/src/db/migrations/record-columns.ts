/**
 * The columns every versioned record carries after its own in its CREATE TABLE (`Tracked` in
 * schema.ts, written by db/records.ts): the version a write must name (optimistic concurrency),
 * and when and by whom the row was created and last changed. Applied migrations build their SQL with this, so
 * the text must stay exactly as it is; a change of these columns is a new migration.
 */
export const recordColumns = `version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_by text`;
