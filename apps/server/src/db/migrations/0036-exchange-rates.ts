import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { recordColumns } from './record-columns';

/**
 * Issue 18, CHF equivalents: `exchange_rates` holds one rate per currency and month — CHF for
 * one unit of the currency, entered in settings or imported from CSV (nothing is fetched from
 * the internet). A report converts an amount with the rate of its month, else the latest
 * earlier month (`exchange-rates/chf-rates.ts`).
 *
 * - `chf_per_unit` is `numeric(18, 6)`: a rate is not money (no minor units), and six decimals
 *   are what the console accepts; `numeric` keeps it exact, never a float.
 * - The key is (currency, month). The records store and the change feed name a row by one
 *   column, so `id` ("EUR-2026-05") is generated from the key: the audit trail's record id, the
 *   change event's id and the 404's words. `extract` (not `to_char`, which depends on the
 *   session's settings) keeps the expression immutable, as a generated column needs.
 * - CHF has no row: its rate is 1 by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE exchange_rates (
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$' AND currency <> 'CHF'),
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  chf_per_unit numeric(18, 6) NOT NULL CHECK (chf_per_unit > 0),
  source text NOT NULL CHECK (source IN ('entered', 'csv')),
  id text GENERATED ALWAYS AS (
    currency || '-' || lpad(extract(year FROM month)::text, 4, '0') || '-'
      || lpad(extract(month FROM month)::text, 2, '0')
  ) STORED NOT NULL UNIQUE,
  ${recordColumns},
  PRIMARY KEY (currency, month)
);

${changeFeedTriggers([['exchange_rates', 'id']])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE exchange_rates`.execute(db);
}
