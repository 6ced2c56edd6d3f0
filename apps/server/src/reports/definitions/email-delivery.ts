import { sql } from 'kysely';
import type { ReportDefinition } from '../definition';
import { addDays, mondayOf, weeksBetween } from '../periods';
import { factsAre, toNumber } from '../summary';

/**
 * E-mails per ISO week (the Monday's date) of the day they were written: delivered (SUCCESS),
 * failed for good (ERROR), and those that needed more than one attempt. E-mails belong to no
 * member: the member and currency filters do not apply.
 */
export const emailDelivery: ReportDefinition = {
  name: 'email-delivery',
  period: { kind: 'range', defaultFrom: (to) => addDays(mondayOf(to), -7 * 11) },
  hasMemberFilters: false,
  hasCurrencyFilter: false,
  maxPeriodDays: 20 * 366,
  columns: () => [
    { key: 'week', label: 'Week of', type: 'week' },
    { key: 'sent', label: 'Sent', type: 'integer' },
    { key: 'failed', label: 'Failed', type: 'integer' },
    { key: 'retried', label: 'Retried', type: 'integer' },
  ],
  async run(db, filters) {
    const from = filters.from ?? filters.to;
    const { rows } = await sql<{ week: string; fact: string; detail: string; n: string }>`
      SELECT date_trunc('week', rc.day)::date AS week, rc.fact, rc.detail, sum(rc.n) AS n
        FROM report_counts rc
       WHERE ${factsAre(['email', 'email-retried'])}
         AND rc.day BETWEEN ${from}::date AND ${filters.to}::date
       GROUP BY 1, 2, 3`.execute(db);
    const weeks = new Map(
      weeksBetween(from, filters.to).map((week) => [week, { sent: 0, failed: 0, retried: 0 }]),
    );
    for (const row of rows) {
      const week = weeks.get(row.week);
      if (!week) continue;
      const n = toNumber(row.n);
      if (row.fact === 'email-retried') week.retried += n;
      else if (row.detail === 'SUCCESS') week.sent += n;
      else if (row.detail === 'ERROR') week.failed += n;
    }
    return { rows: [...weeks].map(([week, counts]) => ({ week, ...counts })), notes: [] };
  },
};
