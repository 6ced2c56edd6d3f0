import type { TPortalMembership } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { clock } from '../../lib/clock';
import { membershipsOfUser, portalMemberOf } from './member-of-user';

/**
 * `GET /api/membership` (issue 35): the member's status, paid-through year and what is due, per
 * currency, for the portal's home. What is due reads the member's issued invoices through
 * `invoices_member_idx`: a member has tens of invoices, never a scan of the million.
 */
export async function getPortalMembership(
  db: Kysely<Database>,
  uid: string,
  requestedMid?: string,
  sessionTokenHash?: string,
): Promise<TPortalMembership> {
  const member = await portalMemberOf(db, uid, requestedMid, sessionTokenHash);
  const today = clock.today();
  const [due, memberships] = await Promise.all([
    db
      .selectFrom('invoices')
      .select([
        'currency',
        sql<string>`sum(balance_minor)::text`.as('balance_minor'),
        sql<number>`count(*)::int`.as('open_invoices'),
        sql<number>`count(*) FILTER (WHERE due_date < ${today}::date)::int`.as('overdue_invoices'),
        sql<string | null>`min(due_date)::text`.as('next_due_date'),
      ])
      .where('member_mid', '=', member.mid)
      .where('status', '=', 'issued')
      .where('balance_minor', '>', '0')
      .groupBy('currency')
      .orderBy('currency')
      .execute(),
    membershipsOfUser(db, uid),
  ]);
  return {
    mid: member.mid,
    number: member.number,
    legalName: member.legal_name,
    category: member.category,
    status: member.status,
    paidThroughYear: member.paid_through_year,
    joinedOn: member.joined_on,
    terminatedOn: member.terminated_on,
    role: member.role,
    due: due.map((row) => ({
      currency: row.currency,
      balanceMinor: row.balance_minor,
      openInvoices: row.open_invoices,
      overdueInvoices: row.overdue_invoices,
      nextDueDate: row.next_due_date,
    })),
    memberships: memberships.map((choice) => ({
      mid: choice.mid,
      number: choice.number,
      legalName: choice.legal_name,
      role: choice.role,
    })),
  };
}
