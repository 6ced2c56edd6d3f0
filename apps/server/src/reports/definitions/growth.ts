import { sql } from 'kysely';
import type { ReportDefinition } from '../definition';
import { monthStart, monthsBetween } from '../periods';
import { factsAre, memberDimensions, toNumber } from '../summary';

type Month = { joins: number; resignations: number; terminations: number; suspensions: number };

/**
 * Joins, resignations, terminations and suspensions per month, from the summary's member facts:
 * a leaver counts in the month of its termination day (never before it joined), a suspension in
 * the month it happened. Every month of the period has a row, quiet ones with zeros.
 */
export const growth: ReportDefinition = {
  name: 'growth',
  period: { kind: 'range', defaultFrom: (to) => monthStart(to, -11) },
  hasMemberFilters: true,
  hasCurrencyFilter: false,
  maxPeriodDays: 50 * 366,
  columns: () => [
    { key: 'month', label: 'Month', type: 'month' },
    { key: 'joins', label: 'Joined', type: 'integer' },
    { key: 'resignations', label: 'Resigned', type: 'integer' },
    { key: 'terminations', label: 'Terminated', type: 'integer' },
    { key: 'suspensions', label: 'Suspended', type: 'integer' },
    {
      key: 'net',
      label: 'Net change',
      type: 'integer',
      description: 'Joined less resigned and terminated',
    },
  ],
  async run(db, filters) {
    const from = filters.from ?? filters.to;
    const { rows } = await sql<{ month: string; fact: string; detail: string; n: string }>`
      SELECT to_char(rc.day, 'YYYY-MM') AS month, rc.fact, rc.detail, sum(rc.n) AS n
        FROM report_counts rc
       WHERE ${factsAre(['member-joined', 'member-left', 'member-suspended'])}
         AND rc.day BETWEEN ${from}::date AND ${filters.to}::date
         ${memberDimensions(filters)}
       GROUP BY 1, 2, 3`.execute(db);

    const months = new Map<string, Month>(
      monthsBetween(from, filters.to).map((month) => [
        month,
        { joins: 0, resignations: 0, terminations: 0, suspensions: 0 },
      ]),
    );
    for (const row of rows) {
      const month = months.get(row.month);
      if (!month) continue;
      const n = toNumber(row.n);
      if (row.fact === 'member-joined') month.joins += n;
      else if (row.fact === 'member-suspended') month.suspensions += n;
      else if (row.detail === 'resigned') month.resignations += n;
      else month.terminations += n;
    }
    return {
      rows: [...months].map(([month, counts]) => ({
        month,
        ...counts,
        net: counts.joins - counts.resignations - counts.terminations,
      })),
      notes: [],
    };
  },
};
