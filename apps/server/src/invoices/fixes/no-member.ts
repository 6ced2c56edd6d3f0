import {
  ZNoMemberRepair,
  type TFixInvoice,
  type TInvoiceFixFindingsQuery,
  type TInvoiceFixResult,
  type TNoMemberFinding,
  type TNoMemberRepair,
} from '@ops/contract';
import { sql } from 'kysely';
import type { Actor } from '../../db/audit';
import { updateRecord, type RecordRow } from '../../db/records';
import { badInput } from '../../errors';
import { auditColumns } from './audit-columns';
import { countOf } from './count-of';
import { isUnpaid, loadInvoices } from './fix-invoice';
import { memberRefColumns, toMemberRef, type MemberRefRow } from './member-ref';
import { memberDigitsFromReference } from './member-reference';
import { mergeSurvivors } from './merge-survivors';
import { defineInvoiceRepair, type Db, type InvoiceFixOperations, type Trx } from './operations';
import { optionalReason, requireReason } from './reason';
import { voidInvoice } from './void-invoice';

/** 1. Invoices without a member: none, or a deleted one. */
const check = 'no-member';

const noMemberIids = sql`
  SELECT iid, number FROM invoices WHERE member_mid IS NULL AND status <> 'void'
  UNION ALL
  SELECT i.iid, i.number FROM members d JOIN invoices i ON i.member_mid = d.mid
   WHERE d.deleted_at IS NOT NULL AND i.status <> 'void'`;

function count(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM (${noMemberIids}) x`);
}

type ProposedMember = TNoMemberFinding['proposedMember'];

/**
 * The member each invoice most likely bills: the merge survivor of a deleted member; the member
 * the payment reference names; the member of a card payment linked to the invoice.
 */
async function proposeMembers(
  db: Db,
  invoices: TFixInvoice[],
): Promise<(invoice: TFixInvoice) => ProposedMember> {
  const deleted = invoices.flatMap((invoice) => (invoice.member ? [invoice.member.mid] : []));
  const survivors = await mergeSurvivors(db, deleted);
  const digits = new Map(
    invoices.map((invoice) => [
      invoice.iid,
      memberDigitsFromReference(invoice.paymentReference, invoice.year),
    ]),
  );
  const wantedDigits = [...new Set([...digits.values()].filter((d): d is string => d !== null))];
  const [byDigits, byCard] = await Promise.all([
    wantedDigits.length === 0
      ? []
      : sql<MemberRefRow & { digits: string }>`
          SELECT ${memberRefColumns}, member_number_digits(m.number) AS digits FROM members m
           WHERE m.deleted_at IS NULL
             AND member_number_digits(m.number) = ANY(${wantedDigits}::text[])`
          .execute(db)
          .then((r) => r.rows),
    invoices.length === 0
      ? []
      : sql<MemberRefRow & { iid: string }>`
          SELECT DISTINCT ON (s.invoice_iid) s.invoice_iid AS iid, ${memberRefColumns}
            FROM stripe_invoices s JOIN members m ON m.mid = s.member_mid
           WHERE s.invoice_iid = ANY(${invoices.map((i) => i.iid)}::text[])
             AND m.deleted_at IS NULL
           ORDER BY s.invoice_iid, s.provider_created_at DESC`
          .execute(db)
          .then((r) => r.rows),
  ]);
  const survivorMids = [...new Set(survivors.values())];
  const survivorRows =
    survivorMids.length === 0
      ? []
      : (
          await sql<MemberRefRow>`SELECT ${memberRefColumns} FROM members m
            WHERE m.mid = ANY(${survivorMids}::text[])`.execute(db)
        ).rows;
  const survivorByMid = new Map(survivorRows.map((row) => [row.mid, row]));
  const cardByIid = new Map(byCard.map((row) => [row.iid, row]));

  return (invoice) => {
    const survivorMid = invoice.member ? survivors.get(invoice.member.mid) : undefined;
    const survivor = survivorMid ? survivorByMid.get(survivorMid) : undefined;
    const referenceDigits = digits.get(invoice.iid);
    const referenced = referenceDigits
      ? byDigits.filter((row) => row.digits === referenceDigits)
      : [];
    const card = cardByIid.get(invoice.iid);
    return survivor
      ? {
          ...toMemberRef(survivor),
          reason: `${invoice.member?.number ?? 'its member'} was merged into ${survivor.number}`,
        }
      : referenced.length === 1 && referenced[0]
        ? {
            ...toMemberRef(referenced[0]),
            reason: `the payment reference names member ${referenced[0].number}`,
          }
        : card
          ? { ...toMemberRef(card), reason: `the card payment linked to it is ${card.number}'s` }
          : null;
  };
}

function toFinding(invoice: TFixInvoice, proposed: ProposedMember): TNoMemberFinding {
  const problem = invoice.member ? 'deleted-member' : 'no-member';
  const canVoid = isUnpaid(invoice.status);
  const isPaid = invoice.status === 'paid';
  const what =
    problem === 'deleted-member'
      ? `Its member ${invoice.member?.number ?? ''} is deleted.`
      : 'It has no member.';
  const assign = proposed
    ? `Assign ${proposed.number} ${proposed.legalName} (${proposed.reason})`
    : 'Assign the member it bills (type the membership number)';
  const proposal = isPaid
    ? `${what} ${assign}. It is paid: the member is added, nothing else changes, and a reason is required.`
    : canVoid
      ? `${what} ${assign}, or void it if it was created by mistake.`
      : `${what} ${assign}.`;
  return { invoice, problem, proposedMember: proposed, canVoid, proposal };
}

async function find(db: Db, query: TInvoiceFixFindingsQuery) {
  const [{ rows: page }, total] = await Promise.all([
    sql<{ iid: string }>`
      SELECT iid FROM (${noMemberIids}) x ORDER BY number, iid
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    count(db),
  ]);
  const invoices = await loadInvoices(
    db,
    page.map((row) => row.iid),
  );
  const proposedFor = await proposeMembers(db, invoices);
  return {
    count: total,
    findings: invoices.map((invoice) => toFinding(invoice, proposedFor(invoice))),
  };
}

type AssignInput = Extract<TNoMemberRepair, { action: 'assign' }>;

/** Bills the invoice to the live member named; a paid invoice only when confirmed with a reason. */
async function assignMember(
  trx: Trx,
  actor: Actor,
  before: RecordRow<'invoices'>,
  current: { number: string } | undefined,
  input: AssignInput,
): Promise<TInvoiceFixResult> {
  const isPaid = before.status === 'paid';
  if (isPaid && input.confirmPaid !== true) {
    throw badInput(
      'body.confirmPaid',
      'confirm-paid',
      `Invoice ${before.number} is paid: confirm that you are adding its member to a paid invoice.`,
    );
  }
  const reason = isPaid
    ? requireReason(input.reason, `invoice ${before.number} is paid`)
    : optionalReason(input.reason);
  const member = await trx
    .selectFrom('members')
    .select(['mid', 'number', 'legal_name', 'deleted_at'])
    .where('number', '=', input.memberNumber)
    .executeTakeFirst();
  if (!member) {
    throw badInput(
      'body.memberNumber',
      'exists',
      `No member has the number ${input.memberNumber}.`,
    );
  }
  if (member.deleted_at !== null) {
    throw badInput(
      'body.memberNumber',
      'deleted',
      `Member ${member.number} is deleted; choose a live member.`,
    );
  }
  const what = current ? `its member ${current.number} was deleted` : 'it had no member';
  const after = await updateRecord(
    trx,
    actor,
    'invoices',
    before,
    { member_mid: member.mid },
    {
      action: `fix:${check}`,
      view: auditColumns('member_mid', 'version'),
      reason:
        `Fix "invoices without a member": ${what}; now billed to ${member.number} ${member.legal_name}.` +
        (isPaid ? ` Paid invoice: only its member was added; amounts and payment unchanged.` : '') +
        (reason ? ` ${reason}` : ''),
    },
  );
  return {
    check,
    message:
      `Invoice ${before.number} now bills ${member.number} ${member.legal_name}.` +
      (isPaid
        ? ' It is paid: only its member was added. If the member is still pending, "Paid, but the member is still pending" now lists it.'
        : ''),
    changed: [{ table: 'invoices', id: after.iid, version: after.version }],
  };
}

/** Gives an invoice without a (live) member its member, or voids it (`fix:no-member`). */
const repair = defineInvoiceRepair({
  summary:
    'Give an invoice without a live member its member (a paid one: confirmed, with a reason), or void an unpaid one',
  body: ZNoMemberRepair,
  async change(trx, actor, before, input) {
    const current = before.member_mid
      ? await trx
          .selectFrom('members')
          .select(['mid', 'number', 'deleted_at'])
          .where('mid', '=', before.member_mid)
          .executeTakeFirst()
      : undefined;
    if (current && current.deleted_at === null) {
      throw badInput(
        'body.iid',
        'check',
        `Invoice ${before.number} bills live member ${current.number}; nothing to fix.`,
      );
    }
    if (before.status === 'void') {
      throw badInput('body.iid', 'check', `Invoice ${before.number} is void; nothing to fix.`);
    }
    if (input.action === 'assign') return assignMember(trx, actor, before, current, input);

    const reason = requireReason(input.reason, 'a voided invoice is gone for good');
    const after = await voidInvoice(trx, actor, before, check, reason);
    return {
      check,
      message: `Invoice ${before.number} was voided.`,
      changed: [{ table: 'invoices', id: after.iid, version: after.version }],
    };
  },
});

export const noMemberFix: InvoiceFixOperations<'no-member'> = { count, find, repair };
