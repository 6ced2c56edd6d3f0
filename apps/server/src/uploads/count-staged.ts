import type pg from 'pg';
import type { BaseValidation } from './kind';

/**
 * What a commit would do now, counted in one statement over the staged rows `r` of upload `$1`
 * and the records they name (`from` joins them): invalid rows, valid ones with no record
 * (`existing` is null: to insert), with a record that `differs` (to update), the rest unchanged.
 * `extra` counts valid rows of the kind's own by a condition each (the invoices' to mark paid),
 * answered under its name after the base counts. The members' and the invoices' uploads count so.
 */
export async function countStagedRows<Extra extends string = never>(
  client: pg.PoolClient,
  id: string,
  spec: {
    from: string;
    existing: string;
    differs: string;
    extra?: Record<Extra, string>;
  },
): Promise<BaseValidation & Record<Extra, number>> {
  const extras = Object.entries<string>(spec.extra ?? {});
  const extraCounts = extras
    .map(
      ([name, condition]) =>
        `, count(*) FILTER (WHERE r.reason IS NULL AND ${condition})::int AS "${name}"`,
    )
    .join('');
  const counts = await client.query<Record<string, number>>(
    `SELECT count(*)::int AS rows,
            count(*) FILTER (WHERE r.reason IS NOT NULL)::int AS invalid,
            count(*) FILTER (WHERE r.reason IS NULL AND ${spec.existing} IS NULL)::int AS to_insert,
            count(*) FILTER (WHERE r.reason IS NULL AND ${spec.existing} IS NOT NULL
                               AND ${spec.differs})::int AS to_update${extraCounts}
       FROM ${spec.from}
      WHERE r.upload_id = $1`,
    [id],
  );
  const count = counts.rows[0] ?? {};
  const of = (name: string) => count[name] ?? 0;
  const valid = of('rows') - of('invalid');
  return {
    rows: of('rows'),
    valid,
    invalid: of('invalid'),
    toInsert: of('to_insert'),
    toUpdate: of('to_update'),
    unchanged: valid - of('to_insert') - of('to_update'),
    ...Object.fromEntries(extras.map(([name]) => [name, of(name)])),
  } as BaseValidation & Record<Extra, number>;
}
