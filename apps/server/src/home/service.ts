import { applicationStatusesAwaitingReview, type THomeOverview } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { todayAtHeadquarters } from '../lib/dates';

/**
 * The member statuses the suspending dunning level moves to `suspended` (as the dunning run's
 * `suspendMembersForUnpaidInvoices` does): the others are suspended or ended already.
 */
const suspendableStatuses = ['pending-payment', 'active', 'overdue'];

/**
 * What needs an operator's action today. Each count reads a range of an index, never a whole
 * table, so the start page stays instant at a million invoices:
 * - applications by status (`applications_list_status_idx`);
 * - overdue invoices: issued and due before today (as the list's `overdue=true`; no due date is
 *   never overdue), by `invoices_home_overdue_idx`;
 * - failed e-mails by a partial index;
 * - change requests from the member portal waiting for staff, by the partial index of pending
 *   ones (`member_change_requests_pending_idx`: a few hundred at most);
 * - bank payments waiting in the unmatched payments queue, per state (`bank_entries_list_state_sort_idx`);
 * - issued invoices per dunning level: an index of only those with a level sent
 *   (`invoices_home_dunning_idx`, migration 0039), read alone;
 * - members due for suspension: the open issued invoices due on or before the day the
 *   suspending level is reached (`invoices_dunning_open_idx`, which carries the member), each
 *   member then probed in `members_home_suspendable_idx`. About 14,000 open invoices were that
 *   old in the benchmark data (100,000 members, a million invoices): 110 to 180 ms on a busy
 *   machine, the slowest of the counts.
 * Days are days at headquarters, as the lists' overdue filter and the dunning run count them.
 */
export async function getHomeOverview(
  db: Kysely<Database>,
  today = todayAtHeadquarters(),
): Promise<THomeOverview> {
  const levels = await db
    .selectFrom('dunning_levels')
    .select(['level', 'name', 'days_after_due', 'suspends'])
    .where('enabled', '=', true)
    .orderBy('level')
    .execute();
  const suspending = levels.find((level) => level.suspends);
  const { rows } = await sql<{
    applications: number;
    invoices: number;
    emails: number;
    suggested: number;
    unmatched: number;
    change_requests: number;
    close_requests: number;
    dunning: { level: number; invoices: number }[] | null;
    suspension_cutoff: string | null;
    suspension_members: number | null;
    as_of: Date;
  }>`
    SELECT
      (SELECT count(*) FROM applications
        WHERE status = ANY(${[...applicationStatusesAwaitingReview]}::text[])
          AND deleted_at IS NULL)::int AS applications,
      (SELECT count(*) FROM invoices
        WHERE status = 'issued' AND due_date < ${today}::date)::int AS invoices,
      (SELECT count(*) FROM emails WHERE state = 'ERROR')::int AS emails,
      (SELECT count(*) FROM bank_entries WHERE state = 'suggested')::int AS suggested,
      (SELECT count(*) FROM bank_entries WHERE state = 'unmatched')::int AS unmatched,
      (SELECT count(*) FROM member_change_requests
        WHERE status = 'pending' AND kind = 'company-data')::int AS change_requests,
      (SELECT count(*) FROM member_change_requests
        WHERE status = 'pending' AND kind = 'close-account')::int AS close_requests,
      (SELECT json_agg(json_build_object('level', dunning_level, 'invoices', n))
         FROM (SELECT dunning_level, count(*)::int AS n FROM invoices
                WHERE status = 'issued' AND dunning_level > 0
                GROUP BY dunning_level) AS levels) AS dunning,
      to_char(cutoff.day, 'YYYY-MM-DD') AS suspension_cutoff,
      (SELECT count(*) FROM
         (SELECT DISTINCT i.member_mid FROM invoices i
           WHERE i.status = 'issued' AND i.balance_minor > 0
             AND i.due_date IS NOT NULL AND i.due_date <= cutoff.day) AS due
         JOIN members m ON m.mid = due.member_mid
        WHERE m.deleted_at IS NULL
          AND m.status = ANY(${suspendableStatuses}::text[])
          AND m.category <> 'honorary'
          AND (m.dunning_exempt_until IS NULL OR m.dunning_exempt_until < ${today}::date)
      )::int AS suspension_members,
      now() AS as_of
    FROM (SELECT ${today}::date - ${suspending?.days_after_due ?? null}::int AS day) AS cutoff`.execute(
    db,
  );
  const [row] = rows;
  if (!row) throw new Error('The overview query returned no row');
  const invoicesAt = new Map((row.dunning ?? []).map((entry) => [entry.level, entry.invoices]));
  return {
    applicationsAwaitingReview: row.applications,
    overdueInvoices: row.invoices,
    failedEmails: row.emails,
    suggestedBankPayments: row.suggested,
    unmatchedBankPayments: row.unmatched,
    pendingChangeRequests: row.change_requests,
    pendingCloseRequests: row.close_requests,
    dunningLevels: levels.map((level) => ({
      level: level.level,
      name: level.name,
      invoices: invoicesAt.get(level.level) ?? 0,
    })),
    suspension:
      suspending && row.suspension_cutoff !== null
        ? {
            level: suspending.level,
            name: suspending.name,
            dueOnOrBefore: row.suspension_cutoff,
            members: row.suspension_members ?? 0,
          }
        : null,
    asOf: row.as_of.toISOString(),
  };
}
