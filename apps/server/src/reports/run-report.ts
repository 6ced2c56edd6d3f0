import {
  reportTitles,
  type TReport,
  type TReportFilters,
  type TReportName,
} from '@ops/contract/reports';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badInput } from '../errors';
import { loadChfRates, type ChfRates } from '../exchange-rates';
import { todayAtHeadquarters } from '../lib/dates';
import type { ReportContext, ReportDefinition, ResolvedReportFilters } from './definition';
import { daysBetween, yearOf } from './periods';
import { reportDefinitions } from './registry';
import { clock } from '../lib/clock';

/** Days a report can name: PostgreSQL has no year 0, and nothing here predates 1900. */
const earliestYear = 1900;
const latestYear = 2999;

type FilterKey = keyof TReportFilters;

/** The filters a definition cannot apply (they are listed, not refused). */
function ignoredBy(definition: ReportDefinition): Set<FilterKey> {
  const ignored = new Set<FilterKey>();
  if (definition.period.kind !== 'range') ignored.add('from');
  if (definition.period.kind === 'today') ignored.add('to');
  if (!definition.hasMemberFilters)
    ['region', 'country', 'category'].forEach((key) => ignored.add(key as FilterKey));
  if (!definition.hasCurrencyFilter) ignored.add('currency');
  if (!definition.groupings) ignored.add('by');
  return ignored;
}

function isGiven(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
}

function checkDay(field: 'from' | 'to', day: string): void {
  const year = yearOf(day);
  if (year < earliestYear) {
    throw badInput(
      `query.${field}`,
      'too_small',
      `The ${field} date must be in ${earliestYear} or later.`,
    );
  }
  if (year > latestYear) {
    throw badInput(
      `query.${field}`,
      'too_big',
      `The ${field} date must be in ${latestYear} or earlier.`,
    );
  }
}

/**
 * The countries left by the region and country filters together (null when neither is given).
 * A country code nobody knows is a 400, not a report that silently shows nothing.
 */
async function countryCodesOf(
  db: Kysely<Database>,
  region: readonly string[],
  country: readonly string[],
): Promise<string[] | null> {
  if (region.length === 0 && country.length === 0) return null;
  const { rows } = await sql<{ iso2: string; region: string }>`
    SELECT iso2::text AS iso2, region::text AS region FROM countries
     WHERE iso2::text = ANY(${[...country]}::text[]) OR region::text = ANY(${[...region]}::text[])`.execute(
    db,
  );
  const known = new Set(rows.map((row) => row.iso2));
  const unknown = country.filter((code) => !known.has(code));
  if (unknown.length > 0) {
    throw badInput('query.country', 'country', `Unknown country code: ${unknown.join(', ')}.`);
  }
  return rows
    .filter((row) => country.length === 0 || country.includes(row.iso2))
    .filter((row) => region.length === 0 || region.includes(row.region))
    .map((row) => row.iso2)
    .sort();
}

/** Validates and resolves the filters of one report: defaults filled, ignored ones emptied. */
async function resolveFilters(
  db: Kysely<Database>,
  definition: ReportDefinition,
  query: TReportFilters,
  today: string,
): Promise<{ filters: ResolvedReportFilters; ignored: FilterKey[] }> {
  const ignoredKeys = ignoredBy(definition);
  const ignored = (Object.keys(query) as FilterKey[]).filter(
    (key) => ignoredKeys.has(key) && isGiven(query[key]),
  );
  const applies = (key: FilterKey) => !ignoredKeys.has(key);

  const to = applies('to') && query.to ? query.to : today;
  checkDay('to', to);
  let from: string | null = null;
  if (definition.period.kind === 'range') {
    from = query.from ?? definition.period.defaultFrom(to);
    checkDay('from', from);
    if (from > to) {
      throw badInput(
        'query.from',
        'order',
        `The period starts after it ends: ${from} is after ${to}.`,
      );
    }
    const maxDays = definition.maxPeriodDays;
    if (maxDays !== undefined && daysBetween(from, to) > maxDays) {
      throw badInput(
        'query.from',
        'too_big',
        `This report covers at most ${Math.floor(maxDays / 366)} years: choose a later from date.`,
      );
    }
  }

  let by: string | null = null;
  if (definition.groupings) {
    by = query.by ?? definition.groupings.default;
    if (!definition.groupings.values.includes(by)) {
      throw badInput(
        'query.by',
        'invalid_value',
        `${reportTitles[definition.name].title} is grouped by ${definition.groupings.values.join(' or ')}, not ${by}.`,
      );
    }
  }

  const region = applies('region') ? (query.region ?? []) : [];
  const country = applies('country') ? (query.country ?? []) : [];
  return {
    filters: {
      from,
      to,
      region,
      country,
      category: applies('category') ? (query.category ?? []) : [],
      currency: applies('currency') ? (query.currency ?? []) : [],
      by,
      countryCodes: await countryCodesOf(db, region, country),
    },
    ignored,
  };
}

/**
 * Runs a report: resolves its filters (to = today at headquarters unless given, from per
 * report), runs its definition in one read-only snapshot, and answers the contract's
 * `ZReport`. `asOf` is that snapshot's time: the summary is written by the same transactions
 * as the records, so the figures are current to it.
 */
export async function runReport(
  db: Kysely<Database>,
  name: TReportName,
  query: TReportFilters,
): Promise<TReport> {
  const definition = reportDefinitions[name];
  const today = todayAtHeadquarters();
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // A report aggregates up to some 100,000 summary rows or open invoices in one pass: room
      // for that hash in memory instead of batches on disk (4 MB by default), for this
      // transaction only.
      await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
      const { rows: now } = await sql<{ as_of: Date }>`SELECT now() AS as_of`.execute(trx);
      const asOf = now[0]?.as_of ?? clock.now();
      const { filters, ignored } = await resolveFilters(trx, definition, query, today);
      let rates: Promise<ChfRates> | undefined;
      const context: ReportContext = {
        today,
        chfRates: () => (rates ??= loadChfRates(trx)),
      };
      const { rows, notes } = await definition.run(trx, filters, context);
      return {
        name,
        ...reportTitles[name],
        columns: definition.columns(filters),
        rows,
        filters: {
          from: filters.from,
          to: filters.to,
          region: filters.region,
          country: filters.country,
          category: filters.category,
          currency: filters.currency,
          by: filters.by,
        },
        ignoredFilters: ignored,
        notes,
        generatedAt: clock.now().toISOString(),
        asOf: asOf.toISOString(),
      };
    });
}
