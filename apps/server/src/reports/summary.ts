import { sql, type RawBuilder } from 'kysely';
import type { ResolvedReportFilters } from './definition';

/**
 * SQL shared by the reports that read `report_counts` (migration 0038). Every such query names
 * its facts with `fact = ANY(…)` and a day range, the prefix of the table's primary key, so it
 * reads only the summary rows of its period; the dimensions below narrow them further.
 */

/** The facts of the summary table the reports read (its `fact` column). */
export type SummaryFact =
  | 'member-joined'
  | 'member-left'
  | 'member-suspended'
  | 'invoice-issued'
  | 'invoice-open'
  | 'renewal-issued'
  | 'renewal-paid'
  | 'money-payment'
  | 'money-write-off'
  | 'money-credit-note'
  | 'money-refund'
  | 'certificate-issued'
  | 'email'
  | 'email-retried';

/** `fact = ANY(…)`, typed so that a misspelt fact fails the build instead of reading nothing. */
export function factsAre(facts: readonly SummaryFact[], alias = 'rc'): RawBuilder<unknown> {
  return sql`${sql.ref(`${alias}.fact`)} = ANY(${[...facts]}::text[])`;
}

/**
 * The member filters on the summary's dimensions: the member's country (region and country
 * filters, resolved to country codes) and category, as the member is now. Empty when none is
 * given; starts with AND otherwise.
 */
export function memberDimensions(
  filters: ResolvedReportFilters,
  alias = 'rc',
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.countryCodes !== null) {
    parts.push(sql`AND ${sql.ref(`${alias}.country_iso2`)} = ANY(${filters.countryCodes}::text[])`);
  }
  if (filters.category.length > 0) {
    parts.push(sql`AND ${sql.ref(`${alias}.category`)} = ANY(${filters.category}::text[])`);
  }
  return parts.length > 0 ? sql.join(parts, sql` `) : sql``;
}

/** The currency filter on a column (text or char(3)); empty when none is given. */
export function currencyIs(filters: ResolvedReportFilters, column: string): RawBuilder<unknown> {
  if (filters.currency.length === 0) return sql``;
  return sql`AND ${sql.ref(column)}::text = ANY(${filters.currency}::text[])`;
}

/** A sum or count as PostgreSQL answers it (bigint and numeric come as strings). */
export function toNumber(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`Not a safe integer: ${value}`);
  return number;
}
