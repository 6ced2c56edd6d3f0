import type { Kysely } from 'kysely';
import { certificateTermsColumns, memberIssuedCertificates } from '../../certificates';
import type { Database } from '../../db/schema';
import { plainJson } from './plain-json';

type Db = Kysely<Database>;

/** A user as the archive shows them: never a password hash or any sign-in secret (named, not `*`). */
const userColumns = [
  'u.uid',
  'u.email',
  'u.display_name',
  'u.disabled',
  'u.sign_in_methods',
  'u.preferred_language',
  'u.last_sign_in_at',
  'u.created_at',
] as const;

/**
 * Everything of one member the archive holds, read in one pass before any PDF is made, each list
 * oldest first (the order of the member's history). Every query is by the member's own indexes
 * (`*_member_idx`), so a member with twenty years of history reads in milliseconds whatever the
 * size of the federation.
 */
export async function readMemberRecords(db: Db, mid: string) {
  const member = await db
    .selectFrom('members')
    .selectAll()
    .where('mid', '=', mid)
    .executeTakeFirstOrThrow();
  const [directoryEntry, users, invoices, creditNotes, payments, certificates, changeRequests] =
    await Promise.all([
      db
        .selectFrom('member_directory_entries')
        .select(['listed', 'fields', 'services', 'updated_at'])
        .where('member_mid', '=', mid)
        .executeTakeFirst(),
      // Its own users, and a group's people who keep its account besides their own member's.
      db
        .selectFrom('users as u')
        .select(userColumns)
        .select('u.member_role')
        .where('u.member_mid', '=', mid)
        .where('u.deleted_at', 'is', null)
        .unionAll(
          db
            .selectFrom('member_user_links as l')
            .innerJoin('users as u', 'u.uid', 'l.uid')
            .select(userColumns)
            .select('l.role as member_role')
            .where('l.member_mid', '=', mid)
            .where('u.deleted_at', 'is', null),
        )
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('invoices')
        .select([
          'iid',
          'number',
          'kind',
          'year',
          'status',
          'issue_date',
          'due_date',
          'currency',
          'lines',
          'subtotal_minor',
          'vat_minor',
          'donation_minor',
          'total_minor',
          'paid_minor',
          'credited_minor',
          'written_off_minor',
          'balance_minor',
          'payment_reference',
          'paid_at',
          'paid_method',
          'dunning_level',
          'dunning_level_on',
          'created_at',
        ])
        // Drafts are staff's work in progress, not yet the member's invoice (as in the portal).
        .where('member_mid', '=', mid)
        .where('status', '!=', 'draft')
        .orderBy('issue_date')
        .orderBy('number')
        .execute(),
      db
        .selectFrom('credit_notes as n')
        .innerJoin('invoices as i', 'i.iid', 'n.invoice_iid')
        .select([
          'n.cnid',
          'n.number',
          'n.year',
          'i.number as invoice_number',
          'n.issue_date',
          'n.currency',
          'n.lines',
          'n.total_minor',
          'n.reason',
          'n.created_at',
        ])
        .where('n.member_mid', '=', mid)
        .orderBy('n.issue_date')
        .orderBy('n.number')
        .execute(),
      db
        .selectFrom('money_movements as p')
        .leftJoin('invoices as i', 'i.iid', 'p.invoice_iid')
        .select([
          'p.id',
          'p.booked_on',
          'p.kind',
          'p.method',
          'p.source',
          'p.currency',
          'p.amount_minor',
          'p.settles_minor',
          'p.credit_minor',
          'i.number as invoice_number',
          'p.reference',
          'p.reason',
          'p.reverses_id',
          'p.created_at',
        ])
        .where('p.member_mid', '=', mid)
        .orderBy('p.booked_on')
        .orderBy('p.created_at')
        .execute(),
      // The certificates the portal shows (a pending one has no document yet).
      memberIssuedCertificates(db, mid)
        .select([
          'c.cid',
          'c.number',
          ...certificateTermsColumns,
          'c.member_name',
          'c.verification_code',
          'c.revocation_reason',
          'c.issued_at',
        ])
        .orderBy('c.year')
        .orderBy('c.number')
        .execute(),
      db
        .selectFrom('member_change_requests as r')
        .leftJoin('users as u', 'u.uid', 'r.requested_by')
        .select([
          'r.id',
          'r.kind',
          'r.status',
          'u.email as requested_by_email',
          'r.created_at',
          'r.changes',
          'r.note',
          'r.decided_at',
          'r.decision_reason',
          'r.applied',
          'r.document_file_name',
        ])
        .where('r.member_mid', '=', mid)
        .orderBy('r.created_at')
        .execute(),
    ]);
  return {
    memberNumber: member.number,
    member: {
      ...plainJson(member, ['card_customer_id', 'dunning_exempt_reason', 'version']),
      directoryEntry: directoryEntry ? plainJson(directoryEntry) : null,
    },
    users: users.map((row) => plainJson(row)),
    invoices: invoices.map((row) => plainJson(row)),
    creditNotes: creditNotes.map((row) => plainJson(row)),
    payments: payments.map((row) => plainJson(row)),
    certificates: certificates.map((row) => plainJson(row)),
    changeRequests: changeRequests.map((row) => plainJson(row)),
  };
}

export type MemberRecords = Awaited<ReturnType<typeof readMemberRecords>>;
