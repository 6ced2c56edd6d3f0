import { sql, type Kysely } from 'kysely';

/**
 * Issue 18, the lists the reports drill down to:
 * - The members list filters by the day a member resigned or was terminated (`terminatedOn`): an
 *   index on live members by that day, with the id after it like the list's other indexes
 *   (migration 0005), only of members who have one (most have none; `(empty)` is the rest).
 * - The other drill-down filters need no index of their own: a region becomes its countries'
 *   codes on `members_list_country_idx`; the members at a date read `members_list_joined_idx`;
 *   the day an invoice was paid or a certificate issued at headquarters is a range of instants
 *   on the paid-at and issued-at sort indexes (migrations 0016 and 0010); the invoices of
 *   members of a country or category are a semi-join on members through `invoices_member_idx`.
 * - The home dashboard's counts (`home/service.ts`), each read from an index alone, without
 *   visiting the rows (measured at 100,000 members and a million invoices):
 *   - the issued invoices per dunning level: an index of only those with a level sent (a few
 *     thousand of a million; `invoices_list_dunning_level_idx` visits every row for its status);
 *   - the overdue invoices: the issued ones by due date (the list's overdue index is on the
 *     date's sort expression, which PostgreSQL cannot read index-only: 140–230 ms, now 15 ms);
 *   - the members due for suspension: the open invoices past the day (`invoices_dunning_open_idx`)
 *     each probe their member in an index of the members the suspending level may suspend.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE INDEX members_list_terminated_idx ON members (terminated_on, mid)
         WHERE deleted_at IS NULL AND terminated_on IS NOT NULL;
       CREATE INDEX invoices_home_dunning_idx ON invoices (dunning_level)
         WHERE status = 'issued' AND dunning_level > 0;
       CREATE INDEX invoices_home_overdue_idx ON invoices (due_date) WHERE status = 'issued';
       CREATE INDEX members_home_suspendable_idx ON members (mid) INCLUDE (dunning_exempt_until)
         WHERE deleted_at IS NULL AND status IN ('pending-payment', 'active', 'overdue')
           AND category <> 'honorary';`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX members_list_terminated_idx, invoices_home_dunning_idx, invoices_home_overdue_idx,
         members_home_suspendable_idx;`,
    )
    .execute(db);
}
