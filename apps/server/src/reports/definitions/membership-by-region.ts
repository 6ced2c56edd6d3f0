import { membershipGroupings, type TReportColumn, type TReportRow } from '@ops/contract/reports';
import { sql } from 'kysely';
import type { ReportDefinition } from '../definition';
import { yearOf, yearsBetween } from '../periods';
import { factsAre, memberDimensions, toNumber } from '../summary';

type Grouping = (typeof membershipGroupings)[number];

const groupColumns: Record<Grouping, TReportColumn[]> = {
  region: [{ key: 'region', label: 'Region', type: 'text' }],
  country: [
    { key: 'country', label: 'Country', type: 'text', description: 'ISO 3166 alpha-2' },
    { key: 'countryName', label: 'Country name', type: 'text' },
  ],
  category: [{ key: 'category', label: 'Category', type: 'text' }],
};

/** What each grouping reads from a summary row `d` and its country `c`. */
const groupSql = {
  region: sql`c.region::text`,
  country: sql`nullif(d.country_iso2, '')`,
  category: sql`nullif(d.category, '')`,
} as const;

/**
 * Members at the end of each year of the period (the period's last day for its last year):
 * joined on or before that day and not resigned or terminated by then. From the summary: the
 * joins less the leavers up to the day, per group. One pass over the member facts up to `to`:
 * each fact falls into the first year whose count includes it (facts before the period into
 * its first year), summed per group and year in SQL (a few thousand rows at most); a year's
 * members are the running total of those buckets.
 */
export const membershipByRegion: ReportDefinition = {
  name: 'membership-by-region',
  period: { kind: 'range', defaultFrom: (to) => `${yearOf(to) - 4}-01-01` },
  hasMemberFilters: true,
  hasCurrencyFilter: false,
  groupings: { values: membershipGroupings, default: 'region' },
  maxPeriodDays: 100 * 366,
  columns: (filters) => [
    { key: 'year', label: 'Year', type: 'integer' },
    ...groupColumns[filters.by as Grouping],
    { key: 'members', label: 'Members', type: 'integer' },
    {
      key: 'on',
      label: 'Counted on',
      type: 'date',
      description: 'The last day of the year, or of the period',
    },
  ],
  async run(db, filters) {
    const by = filters.by as Grouping;
    const from = filters.from ?? filters.to;
    const years = yearsBetween(from, filters.to);
    const firstYear = years[0] ?? yearOf(filters.to);
    const { rows } = await sql<{
      grp: string | null;
      name: string | null;
      y: number;
      delta: string;
    }>`
      WITH deltas AS (
        SELECT d.country_iso2, d.category,
               greatest(extract(year FROM d.day)::int, ${firstYear}::int) AS y,
               sum(CASE WHEN d.fact = 'member-joined' THEN d.n ELSE -d.n END) AS delta
          FROM report_counts d
         WHERE ${factsAre(['member-joined', 'member-left'], 'd')}
           AND d.day <= ${filters.to}::date
           ${memberDimensions(filters, 'd')}
         GROUP BY 1, 2, 3
      )
      SELECT ${groupSql[by]} AS grp, min(c.name) AS name, d.y, sum(d.delta) AS delta
        FROM deltas d LEFT JOIN countries c ON c.iso2 = d.country_iso2
       GROUP BY 1, 3`.execute(db);

    // A year's members are the running total of the buckets up to it, per group.
    const groups = new Map<string | null, { name: string | null; deltas: Map<number, number> }>();
    for (const row of rows) {
      const group = groups.get(row.grp) ?? { name: row.name, deltas: new Map<number, number>() };
      group.deltas.set(row.y, (group.deltas.get(row.y) ?? 0) + toNumber(row.delta));
      groups.set(row.grp, group);
    }
    const ordered = [...groups.entries()].sort(([a], [b]) =>
      a === null ? 1 : b === null ? -1 : a.localeCompare(b),
    );
    const counts = ordered.map(([grp, { name, deltas }]) => {
      let members = 0;
      return { grp, name, byYear: years.map((y) => (members += deltas.get(y) ?? 0)) };
    });
    const result: TReportRow[] = [];
    years.forEach((year, index) => {
      const lastDay = `${year}-12-31`;
      for (const { grp, name, byYear } of counts) {
        // A group whose members had all left before the period has nothing to show.
        if (byYear.every((members) => members === 0)) continue;
        result.push({
          year,
          ...(by === 'country' ? { country: grp, countryName: name } : { [by]: grp }),
          members: byYear[index] ?? 0,
          on: lastDay < filters.to ? lastDay : filters.to,
        });
      }
    });
    const notes =
      by === 'region' && result.some((row) => row.region === null)
        ? ['Members without a country are counted under no region.']
        : [];
    return { rows: result, notes };
  },
};
