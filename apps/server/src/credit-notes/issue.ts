import type { TCreditNoteIssueRequest, TCreditNoteResult } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import type { Kysely, Transaction } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { insertRecord, lockRecord, type RecordRow } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { addMovement, applyMembershipPayment, settleInvoiceIn } from '../invoices';
import { todayAtHeadquarters } from '../lib/dates';
import { newId } from '../lib/ids';
import { getCreditNoteDetail } from './detail';
import { queueCreditNoteEmailIn } from './email';
import { planCredit, type CreditPlan } from './lines';
import { membershipDecisionFor, revokeMembershipYearIn } from './membership';
import { allocateCreditNoteNumber } from './numbers';

type Trx = Transaction<Database>;

/** Where e-mails come from and what links in them point to (the certificate's, for rule 2). */
export type CreditNoteContext = { publicUrl: string; mailFrom: string };

/** Only money that was asked for can be credited: an issued or a paid invoice. */
function refuseUncreditable(invoice: RecordRow<'invoices'>): void {
  if (invoice.status === 'issued' || invoice.status === 'paid') return;
  const why =
    invoice.status === 'draft'
      ? 'it is a draft, which asks for nothing yet: edit or void it instead'
      : `it is ${invoice.status}`;
  throw badInput(
    'params.iid',
    'transition',
    `Invoice ${invoice.number} cannot be credited: ${why}.`,
  );
}

/** The credit note row, its audit entry recording the reason and the membership decision. */
async function insertCreditNote(
  trx: Trx,
  actor: OperatorActor,
  invoice: RecordRow<'invoices'>,
  plan: CreditPlan,
  facts: { number: string; reason: string; decision: 'keep' | 'revoke' | null; split: Split },
) {
  const issueDate = todayAtHeadquarters();
  return insertRecord(
    trx,
    actor,
    'credit_notes',
    {
      cnid: newId(),
      number: facts.number,
      year: Number(issueDate.slice(0, 4)),
      invoice_iid: invoice.iid,
      member_mid: invoice.member_mid,
      currency: invoice.currency.trim(),
      issue_date: issueDate,
      lines: JSON.stringify(plan.lines),
      total_minor: plan.totalMinor,
      reason: facts.reason,
      membership_decision: facts.decision,
    },
    {
      action: 'issue',
      reason: facts.reason,
      details: {
        invoice_number: invoice.number,
        settles_minor: facts.split.settles,
        credit_minor: facts.split.credit,
      },
    },
  );
}

/** What a credit of C does: min(C, balance) off the invoice, the rest to the member's credit. */
type Split = { settles: number; credit: number };

function splitOf(invoice: RecordRow<'invoices'>, totalMinor: number): Split {
  const settles = Math.min(totalMinor, Math.max(0, Number(invoice.balance_minor)));
  return { settles, credit: totalMinor - settles };
}

/**
 * Issues a credit note on an issued or paid invoice, in one transaction (issue 16):
 * - the credited lines (all, or some, each by quantity or amount, never more than earlier
 *   credit notes left) and their total; the next number of the year's series `CN-{year}-000001`;
 * - one `credit-note` movement: what the invoice still asked for is taken off its balance, money
 *   already paid beyond that becomes the member's credit; the invoice's aggregates follow
 *   (an issued invoice credited in full becomes `credited`; one whose balance the credit closes
 *   after payments becomes paid, with rule 2);
 * - a paid membership invoice needs the operator's decision: 'keep' leaves the year paid,
 *   'revoke' revokes the year's certificate and moves the paid-through year back; the decision
 *   is kept on the credit note and in the audit trail;
 * - with `sendEmail`, the PDF is e-mailed to the member through the outbox.
 */
export async function issueCreditNote(
  db: Kysely<Database>,
  actor: OperatorActor,
  iid: string,
  request: TCreditNoteIssueRequest,
  context: CreditNoteContext,
): Promise<TCreditNoteResult> {
  return writeTransaction(db, async (trx) => {
    const invoice = await lockRecord(trx, 'invoices', iid, { version: request.version });
    refuseUncreditable(invoice);
    const decision = membershipDecisionFor(invoice, request.membershipDecision);
    const earlier = await trx
      .selectFrom('credit_notes')
      .select('lines')
      .where('invoice_iid', '=', iid)
      .execute();
    const currency = invoice.currency.trim();
    const plan = planCredit(invoice, earlier, request.lines, currency);
    const split = splitOf(invoice, plan.totalMinor);
    const reason = request.reason.trim();
    const number = await allocateCreditNoteNumber(trx, Number(todayAtHeadquarters().slice(0, 4)));
    const note = await insertCreditNote(trx, actor, invoice, plan, {
      number,
      reason,
      decision,
      split,
    });

    const movement = await addMovement(trx, actor, {
      kind: 'credit-note',
      member_mid: invoice.member_mid,
      invoice_iid: iid,
      currency,
      method: null,
      source: 'manual',
      booked_on: note.issue_date,
      amount_minor: plan.totalMinor,
      settlesMinor: split.settles,
      creditMinor: split.credit,
      reference: number,
      reason,
      credit_note_id: note.cnid,
    });
    // Completes the row inserted above in the same transaction (the movement needs the credit
    // note to exist first): nobody has seen version 1 without it, so the version stays.
    await trx
      .updateTable('credit_notes')
      .set({ movement_id: movement.id })
      .where('cnid', '=', note.cnid)
      .execute();

    const decisionWords =
      decision === 'keep'
        ? ` The membership year ${invoice.year} stays paid.`
        : decision === 'revoke'
          ? ` The membership year ${invoice.year} is revoked.`
          : '';
    const settled = await settleInvoiceIn(
      trx,
      actor,
      invoice,
      { creditedMinor: plan.totalMinor, paidMinor: -split.credit },
      {
        action: 'credit-note',
        reason: `Credit note ${number}: ${reason}.${decisionWords}`,
        toCredited: true,
      },
    );

    const memberEffects: string[] = [];
    const member = invoice.member_mid
      ? await trx
          .selectFrom('members')
          .select('number')
          .where('mid', '=', invoice.member_mid)
          .executeTakeFirst()
      : undefined;
    if (split.credit > 0) {
      memberEffects.push(
        `${formatMoney(split.credit, currency)} added to ${member?.number ?? 'the member'}'s credit`,
      );
    }
    if (decision === 'keep') memberEffects.push(`membership year ${invoice.year} stays paid`);
    if (decision === 'revoke') {
      memberEffects.push(...(await revokeMembershipYearIn(trx, actor, invoice, number, reason)));
    }
    if (invoice.status === 'issued' && settled.status === 'paid' && settled.kind === 'membership') {
      // The credit closed what payments left open: the year is paid (rule 2).
      const outcome = { invoice: settled, memberEffects, certificate: null };
      await applyMembershipPayment(trx, actor, settled, outcome, context);
    }

    let sent = '';
    if (request.sendEmail) {
      sent = `, e-mailed to ${await queueCreditNoteEmailIn(trx, context.mailFrom, note.cnid)}`;
    }
    const what =
      settled.status === 'credited'
        ? `invoice ${invoice.number} is credited`
        : settled.status === 'paid'
          ? `invoice ${invoice.number} ${invoice.status === 'paid' ? 'stays' : 'is'} paid`
          : `invoice ${invoice.number} has ${formatMoney(settled.balance_minor, currency)} open`;
    return {
      creditNote: await getCreditNoteDetail(trx, note.cnid),
      message: `Credit note ${number} issued over ${formatMoney(plan.totalMinor, currency)}${sent}: ${what}.`,
      memberEffects,
    };
  });
}
