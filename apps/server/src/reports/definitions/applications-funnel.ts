import { sql } from 'kysely';
import type { ReportDefinition } from '../definition';
import { monthStart } from '../periods';
import { toNumber } from '../summary';

/** A median in days with one decimal; null when no application took the step. */
function days(value: number | string | null): number | null {
  return value === null ? null : Math.round(Number(value) * 10) / 10;
}

function share(count: number, submitted: number): number | null {
  return submitted === 0 ? null : Math.round((count / submitted) * 1000) / 10;
}

/**
 * Applications submitted in the period (by the day of submission, as the applications list's
 * filter reads it: `applications_list_submitted_day_idx`) and how far they came: endorsed (the
 * audit trail's first change to `endorsed`, or the status itself when the trail has none, as for
 * imported applications), approved and rejected, with the median days each step took (a
 * decision counts from the endorsement when there was one, else from the submission).
 * Applications are thousands, not millions: they are read directly, their trail by its index
 * (table, record, time). Region and country are the applicant's country; the category is the
 * application's (individual or association).
 */
export const applicationsFunnel: ReportDefinition = {
  name: 'applications-funnel',
  period: { kind: 'range', defaultFrom: (to) => monthStart(to, -11) },
  hasMemberFilters: true,
  hasCurrencyFilter: false,
  columns: () => [
    { key: 'step', label: 'Step', type: 'text' },
    { key: 'applications', label: 'Applications', type: 'integer' },
    { key: 'share', label: 'Of submitted', type: 'percent' },
    {
      key: 'medianDays',
      label: 'Median days',
      type: 'number',
      description:
        'From the previous step: endorsed from submitted, a decision from endorsed (or submitted when not endorsed)',
    },
  ],
  async run(db, filters) {
    const from = filters.from ?? filters.to;
    const { rows } = await sql<{
      submitted: string;
      endorsed: string;
      approved: string;
      rejected: string;
      endorsed_days: number | null;
      approved_days: number | null;
      rejected_days: number | null;
    }>`
      -- MATERIALIZED: read each application's endorsement from the audit trail once (inlined,
      -- the subquery ran once per reference to endorsed_at below).
      WITH submitted AS MATERIALIZED (
        SELECT a.status, a.submitted_at, a.decided_at,
               (SELECT min(l.at) FROM audit_log l
                 WHERE l.table_name = 'applications' AND l.record_id = a.aid
                   AND (l.action = 'record-endorsement' OR l.after ->> 'status' = 'endorsed'))
                 AS endorsed_at
          FROM applications a
         WHERE a.deleted_at IS NULL
           AND application_submitted_day(a.submitted_at) BETWEEN ${from}::date AND ${filters.to}::date
           ${filters.countryCodes !== null ? sql`AND a.country_iso2::text = ANY(${filters.countryCodes}::text[])` : sql``}
           ${filters.category.length > 0 ? sql`AND a.category = ANY(${filters.category}::text[])` : sql``}
      ), steps AS (
        SELECT s.*,
               s.endorsed_at IS NOT NULL OR s.status = 'endorsed' AS is_endorsed,
               extract(epoch FROM s.decided_at - coalesce(s.endorsed_at, s.submitted_at)) / 86400
                 AS decision_days
          FROM submitted s
      )
      SELECT count(*) AS submitted,
             count(*) FILTER (WHERE is_endorsed) AS endorsed,
             count(*) FILTER (WHERE status = 'approved') AS approved,
             count(*) FILTER (WHERE status = 'rejected') AS rejected,
             percentile_cont(0.5) WITHIN GROUP (
               ORDER BY extract(epoch FROM endorsed_at - submitted_at) / 86400) AS endorsed_days,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY decision_days)
               FILTER (WHERE status = 'approved') AS approved_days,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY decision_days)
               FILTER (WHERE status = 'rejected') AS rejected_days
        FROM steps`.execute(db);
    const row = rows[0];
    const submitted = toNumber(row?.submitted);
    const steps = [
      { step: 'submitted', count: submitted, median: null },
      { step: 'endorsed', count: toNumber(row?.endorsed), median: row?.endorsed_days ?? null },
      { step: 'approved', count: toNumber(row?.approved), median: row?.approved_days ?? null },
      { step: 'rejected', count: toNumber(row?.rejected), median: row?.rejected_days ?? null },
    ];
    return {
      rows: steps.map(({ step, count, median }) => ({
        step,
        applications: count,
        share: share(count, submitted),
        medianDays: days(median),
      })),
      notes: [],
    };
  },
};
