import {
  auditReasonKey,
  ZPaidMemberPendingRepair,
  type TInvoiceFixFindingsQuery,
  type TPaidMemberPendingFinding,
} from '@ops/contract';
import { sql } from 'kysely';
import { recordAudit } from '../../db/audit';
import { findRecord, lockRecord, recordNotFound } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { todayAtHeadquarters } from '../../lib/dates';
import { applyRuleTwoForPaidInvoiceIn } from '../payment';
import { countOf } from './count-of';
import { loadInvoices } from './fix-invoice';
import { memberRefColumns, toMemberRef, type MemberRefRow } from './member-ref';
import { defineRepair, type Db, type InvoiceFixOperations } from './operations';
import { optionalReason } from './reason';

/** 5. Paid, but the member is still pending (or its paid-through year is behind). */
const check = 'paid-member-pending';

function paidPendingFrom(today: string) {
  return sql`
    FROM members m
    CROSS JOIN LATERAL (
      SELECT i.iid, i.year FROM invoices i
       WHERE i.member_mid = m.mid AND i.kind = 'membership' AND i.status = 'paid'
       ORDER BY i.year DESC, i.iid DESC LIMIT 1) p
   WHERE m.deleted_at IS NULL
     AND (coalesce(m.paid_through_year, 0) < p.year
          OR (m.status = 'pending-payment' AND NOT EXISTS (
                SELECT 1 FROM invoices o
                 WHERE o.member_mid = m.mid AND o.kind = 'membership' AND o.status = 'issued'
                   AND o.due_date < ${today})))`;
}

function count(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count ${paidPendingFrom(todayAtHeadquarters())}`);
}

async function find(db: Db, query: TInvoiceFixFindingsQuery) {
  const today = todayAtHeadquarters();
  const [{ rows }, total] = await Promise.all([
    sql<MemberRefRow & { iid: string; year: number }>`
      SELECT ${memberRefColumns}, p.iid, p.year ${paidPendingFrom(today)}
       ORDER BY m.number, m.mid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    count(db),
  ]);
  const invoices = new Map(
    (
      await loadInvoices(
        db,
        rows.map((row) => row.iid),
      )
    ).map((invoice) => [invoice.iid, invoice]),
  );
  const findings = rows.flatMap((row): TPaidMemberPendingFinding[] => {
    const invoice = invoices.get(row.iid);
    if (!invoice) return [];
    const member = toMemberRef(row);
    const problems: string[] = [];
    const effects: string[] = [];
    if (member.status === 'pending-payment') {
      problems.push(`${member.number} is still pending payment`);
      effects.push('make it active');
    }
    if ((member.paidThroughYear ?? 0) < row.year) {
      problems.push(
        member.paidThroughYear === null
          ? `${member.number} has no paid-through year, but paid ${row.year}`
          : `${member.number} is paid through ${member.paidThroughYear}, but paid ${row.year}`,
      );
      effects.push(`move its paid-through year to ${row.year}`);
    }
    const currentYear = Number(today.slice(0, 4));
    if (row.year >= currentYear) effects.push(`issue the ${row.year} certificate if it has none`);
    return [
      {
        member,
        invoice,
        problems,
        proposal: `Run rule 2 for paid invoice ${invoice.number}: ${effects.join(', ')}. The invoice itself does not change.`,
      },
    ];
  });
  return { count: total, findings };
}

/**
 * Runs rule 2's member side for a paid membership invoice (`fix:paid-member-pending`). Rule 2
 * writes the member (and its own audit entry); this entry adds what the fix did and why.
 */
const repair = defineRepair({
  summary:
    "Run rule 2 for a paid membership invoice: the member's status, paid-through year and certificate",
  body: ZPaidMemberPendingRepair,
  run(db, actor, input, context) {
    return writeTransaction(db, async (trx) => {
      const member = await lockRecord(trx, 'members', input.mid, {
        version: input.memberVersion,
      });
      if (member.deleted_at !== null) {
        throw badInput('body.mid', 'deleted', `Member ${member.number} is deleted.`);
      }
      const invoice = await findRecord(trx, 'invoices', input.iid);
      if (!invoice) throw recordNotFound('invoices', input.iid);
      if (invoice.member_mid !== member.mid || invoice.kind !== 'membership') {
        throw badInput(
          'body.iid',
          'check',
          `Invoice ${invoice.number} is not a membership invoice of ${member.number}.`,
        );
      }
      const outcome = await applyRuleTwoForPaidInvoiceIn(trx, actor, invoice.iid, {
        ...context,
        invoiceField: 'body.iid',
      });
      const after = await trx
        .selectFrom('members')
        .select(['status', 'paid_through_year', 'version'])
        .where('mid', '=', member.mid)
        .executeTakeFirstOrThrow();
      if (after.version === member.version) {
        throw badInput(
          'body.mid',
          'check',
          `Nothing to fix for ${member.number}: ${outcome.memberEffects.join('; ') || `rule 2 for invoice ${invoice.number} changes nothing`}.`,
        );
      }
      const reason = optionalReason(input.reason);
      await recordAudit(trx, actor, {
        table: 'members',
        recordId: member.mid,
        action: `fix:${check}`,
        before: {
          status: member.status,
          paid_through_year: member.paid_through_year,
          version: member.version,
        },
        after: {
          ...after,
          [auditReasonKey]:
            `Fix "paid, but the member is still pending": rule 2 run for paid invoice ${invoice.number} (${outcome.memberEffects.join('; ')}); the invoice was not changed.` +
            (reason ? ` ${reason}` : ''),
        },
      });
      return {
        check,
        message: `Rule 2 run for invoice ${invoice.number}: ${outcome.memberEffects.join('; ')}.`,
        changed: [{ table: 'members', id: member.mid, version: after.version }],
      };
    });
  },
});

export const paidMemberPendingFix: InvoiceFixOperations<'paid-member-pending'> = {
  count,
  find,
  repair,
};
