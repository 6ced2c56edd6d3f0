import { certificateTypes } from '@ops/contract';
import { sql } from 'kysely';
import type { ReportDefinition } from '../definition';
import { yearOf, yearsBetween } from '../periods';
import { factsAre, memberDimensions, toNumber } from '../summary';

/**
 * Certificates issued per year (of the day they were issued, at headquarters) and type, from
 * the summary's `certificate-issued` facts; every year and type of the period has a row.
 */
export const certificates: ReportDefinition = {
  name: 'certificates',
  period: { kind: 'range', defaultFrom: (to) => `${yearOf(to) - 4}-01-01` },
  hasMemberFilters: true,
  hasCurrencyFilter: false,
  maxPeriodDays: 100 * 366,
  columns: () => [
    { key: 'year', label: 'Year', type: 'integer' },
    { key: 'type', label: 'Type', type: 'text' },
    { key: 'issued', label: 'Issued', type: 'integer' },
  ],
  async run(db, filters) {
    const from = filters.from ?? filters.to;
    const { rows } = await sql<{ year: number; type: string; n: string }>`
      SELECT extract(year FROM rc.day)::int AS year, rc.detail AS type, sum(rc.n) AS n
        FROM report_counts rc
       WHERE ${factsAre(['certificate-issued'])}
         AND rc.day BETWEEN ${from}::date AND ${filters.to}::date
         ${memberDimensions(filters)}
       GROUP BY 1, 2`.execute(db);
    const issued = new Map(rows.map((row) => [`${row.year} ${row.type}`, toNumber(row.n)]));
    return {
      rows: yearsBetween(from, filters.to).flatMap((year) =>
        certificateTypes.map((type) => ({
          year,
          type,
          issued: issued.get(`${year} ${type}`) ?? 0,
        })),
      ),
      notes: [],
    };
  },
};
