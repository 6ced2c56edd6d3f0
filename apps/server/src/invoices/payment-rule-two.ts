import type { TMemberStatus } from '@ops/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { issueMembershipCertificateIn } from '../certificates';
import type { Database, InvoicesTable } from '../db/schema';
import { lockRecord, lockRecords, updateRecord } from '../db/records';
import { badInput } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';
import { memberStatusLabels } from '@ops/contract/labels';

type Trx = Transaction<Database>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** Where the certificate's e-mail comes from and what its links point to. */
export type RuleTwoContext = {
  publicUrl: string;
  mailFrom: string;
  /** Field of the request that names the invoice, for 400s ("body.iid", "params.iid"). */
  invoiceField?: string;
};

export type PaymentOutcome = {
  invoice: InvoiceRow;
  /** What rule 2 did to the member, in words for the operator ("M-000123 is active again"). */
  memberEffects: string[];
  certificate: { cid: string; year: number } | null;
};

/** Statuses a payment brings back to active (rule 2); ended memberships stay ended. */
const reactivatedStatuses: readonly TMemberStatus[] = ['pending-payment', 'overdue', 'suspended'];

/** Rule 2's member side: status, paid-through year, certificate. */
export async function applyMembershipPayment(
  trx: Trx,
  actor: Actor,
  invoice: InvoiceRow,
  outcome: PaymentOutcome,
  options: RuleTwoContext,
) {
  const mid = invoice.member_mid;
  if (!mid) return;
  const [member] = await lockRecords(trx, 'members', [mid]);
  if (!member || member.deleted_at) return;

  const today = todayAtHeadquarters();
  const stillOverdue = await trx
    .selectFrom('invoices')
    .select('number')
    .where('member_mid', '=', mid)
    .where('kind', '=', 'membership')
    .where('status', '=', 'issued')
    .where('due_date', '<', today)
    .where('iid', '<>', invoice.iid)
    .limit(1)
    .executeTakeFirst();
  const becomesActive = reactivatedStatuses.includes(member.status) && !stillOverdue;
  const paidThrough = Math.max(member.paid_through_year ?? 0, invoice.year);
  const movesPaidThrough = paidThrough !== member.paid_through_year;

  if (becomesActive || movesPaidThrough) {
    await updateRecord(
      trx,
      actor,
      'members',
      member,
      { ...(becomesActive ? { status: 'active' as const } : {}), paid_through_year: paidThrough },
      {
        action: becomesActive ? 'status' : 'update',
        reason: `Invoice ${invoice.number} paid`,
        view: (row) => ({
          status: row.status,
          paid_through_year: row.paid_through_year,
          version: row.version,
        }),
      },
    );
    if (becomesActive) {
      outcome.memberEffects.push(
        `${member.number} is now active (was ${memberStatusLabels[member.status].toLowerCase()})`,
      );
    }
    if (movesPaidThrough) {
      outcome.memberEffects.push(`${member.number} is paid through ${paidThrough}`);
    }
  }
  if (stillOverdue && reactivatedStatuses.includes(member.status)) {
    outcome.memberEffects.unshift(
      `${member.number} stays ${memberStatusLabels[member.status].toLowerCase()}: invoice ${stillOverdue.number} is still past due`,
    );
  }

  // The certificate of the paid year, unless it already has one or the year is over.
  const memberStatus = becomesActive ? 'active' : member.status;
  const currentYear = Number(today.slice(0, 4));
  if (invoice.year < currentYear || !['active', 'overdue'].includes(memberStatus)) return;
  const existing = await trx
    .selectFrom('certificates')
    .select('number')
    .where('member_mid', '=', mid)
    .where('type', '=', 'membership')
    .where('year', '=', invoice.year)
    .where('status', '=', 'issued')
    .executeTakeFirst();
  if (existing) return;
  const cid = await issueMembershipCertificateIn(
    trx,
    actor,
    { memberMid: mid, year: invoice.year },
    { publicUrl: options.publicUrl, mailFrom: options.mailFrom },
  );
  outcome.certificate = { cid, year: invoice.year };
  outcome.memberEffects.push(`membership certificate ${invoice.year} issued`);
}

/**
 * Rule 2's member side for an invoice that is already paid (invoice fixes: a paid membership
 * invoice whose member is still pending payment or paid through an earlier year). The invoice
 * itself is not touched: it is only locked, so that it cannot change meanwhile.
 */
export async function applyRuleTwoForPaidInvoiceIn(
  trx: Trx,
  actor: Actor,
  iid: string,
  options: RuleTwoContext,
): Promise<PaymentOutcome> {
  const field = options.invoiceField ?? 'params.iid';
  const invoice = await lockRecord(trx, 'invoices', iid);
  if (invoice.status !== 'paid') {
    throw badInput(
      field,
      'transition',
      `Invoice ${invoice.number} is ${invoice.status}, not paid.`,
    );
  }
  const outcome: PaymentOutcome = { invoice, memberEffects: [], certificate: null };
  if (invoice.kind !== 'membership' || !invoice.member_mid) return outcome;
  await applyMembershipPayment(trx, actor, invoice, outcome, options);
  return outcome;
}
