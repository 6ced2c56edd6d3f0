import {
  ZCardLinkRepair,
  type TCardUnlinkedFinding,
  type TInvoiceFixFindingsQuery,
} from '@ops/contract';
import { sql } from 'kysely';
import type { Actor } from '../../db/audit';
import { lockRecord, updateRecord, type RecordRow } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { recordInvoicePaymentIn } from '../payment';
import { auditColumns } from './audit-columns';
import { proposeForCards } from './card-proposals';
import { countOf } from './count-of';
import { toFixCard, type CardRow } from './fix-card';
import { describeInvoice } from './fix-invoice';
import { money } from './money';
import {
  defineRepair,
  type Db,
  type FixContext,
  type InvoiceFixOperations,
  type Trx,
} from './operations';
import { optionalReason } from './reason';

/** 6. Card payments (open or paid) linked to none of our invoices. */
const check = 'card-unlinked';

const unlinkedCards = sql<boolean>`invoice_iid IS NULL AND deleted_at IS NULL AND status IN ('open', 'paid')`;

function count(db: Db) {
  return countOf(
    db,
    sql`SELECT count(*)::int AS count FROM stripe_invoices WHERE ${unlinkedCards}`,
  );
}

async function find(db: Db, query: TInvoiceFixFindingsQuery) {
  const [cards, total] = await Promise.all([
    db
      .selectFrom('stripe_invoices')
      .selectAll()
      .where(unlinkedCards)
      .orderBy('provider_created_at', 'desc')
      .orderBy('sid')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    count(db),
  ]);
  const proposals = await proposeForCards(db, cards);
  const findings = cards.map((row): TCardUnlinkedFinding => {
    const card = toFixCard(row);
    const found = proposals.get(card.sid);
    const amount = money(card.amountDueMinor, card.currency);
    if (!found) {
      return {
        card,
        proposedInvoice: null,
        proposedReason: null,
        marksPaid: false,
        proposal: `No invoice of ours matches (by id, number, or member with ${amount}): link it to the invoice it pays by number, or refund it if it pays nothing.`,
      };
    }
    const marksPaid = card.status === 'paid' && found.invoice.status === 'issued';
    const alsoPaid = card.status === 'paid' && found.invoice.status === 'paid';
    const paidByThisCard =
      alsoPaid &&
      found.invoice.paidMethod === 'card' &&
      (found.invoice.paidAmountMinor ?? 0) === card.amountPaidMinor;
    return {
      card,
      proposedInvoice: found.invoice,
      proposedReason: found.reason,
      marksPaid,
      proposal:
        `Link it to ${describeInvoice(found.invoice)} (${found.reason})` +
        (marksPaid
          ? `; ${found.invoice.number} is then marked paid by card and rule 2 runs.`
          : paidByThisCard
            ? `. ${found.invoice.number} is marked paid by card for the same amount already: only the link is added.`
            : alsoPaid
              ? `. ${found.invoice.number} is paid already (${found.invoice.paidMethod ?? 'unknown method'}): only the link is added; check whether the member paid twice.`
              : '.'),
    };
  });
  return { count: total, findings };
}

/**
 * Refuses a link that cannot be right: our invoice a draft or final, linked to another card
 * payment, in another currency, or another member's.
 */
function checkLinkable(card: CardRow, invoice: RecordRow<'invoices'>, label: string): void {
  if (invoice.status !== 'issued' && invoice.status !== 'paid') {
    throw badInput(
      'body.iid',
      'status',
      `Invoice ${invoice.number} is ${invoice.status}: link a card payment only to an issued or paid invoice.`,
    );
  }
  if (invoice.card_invoice_sid !== null && invoice.card_invoice_sid !== card.sid) {
    throw badInput(
      'body.iid',
      'linked',
      `Invoice ${invoice.number} is linked to another card payment already.`,
    );
  }
  if (invoice.currency.toUpperCase() !== card.currency.toUpperCase()) {
    throw badInput(
      'body.iid',
      'currency',
      `Card payment ${label} is in ${card.currency.toUpperCase()}, invoice ${invoice.number} in ${invoice.currency}.`,
    );
  }
  if (card.member_mid && invoice.member_mid && card.member_mid !== invoice.member_mid) {
    throw badInput(
      'body.iid',
      'member',
      `Card payment ${label} is another member's than invoice ${invoice.number}.`,
    );
  }
}

/** Both sides record the link, each with its `fix:card-unlinked` audit entry. */
async function writeLink(
  trx: Trx,
  actor: Actor,
  card: CardRow,
  invoice: RecordRow<'invoices'>,
  label: string,
  reason: string,
) {
  const cardAfter = await updateRecord(
    trx,
    actor,
    'stripe_invoices',
    card,
    { invoice_iid: invoice.iid, member_mid: card.member_mid ?? invoice.member_mid },
    {
      action: `fix:${check}`,
      view: auditColumns('invoice_iid', 'member_mid', 'version'),
      reason:
        `Fix "card payments not linked": linked to invoice ${invoice.number}.` +
        (reason ? ` ${reason}` : ''),
    },
  );
  const invoiceAfter = await updateRecord(
    trx,
    actor,
    'invoices',
    invoice,
    { card_invoice_sid: card.sid },
    {
      action: `fix:${check}`,
      view: auditColumns('card_invoice_sid', 'version'),
      reason:
        `Fix "card payments not linked": card payment ${label} linked.` +
        (invoice.status === 'paid' ? ' Paid invoice: only the link was added.' : '') +
        (reason ? ` ${reason}` : ''),
    },
  );
  return { cardAfter, invoiceAfter };
}

/** A paid card payment pays our issued invoice: marked paid by card, rule 2 runs. */
async function markPaidByCard(
  trx: Trx,
  actor: Actor,
  card: CardRow,
  invoice: RecordRow<'invoices'>,
  label: string,
  context: FixContext,
) {
  return recordInvoicePaymentIn(
    trx,
    actor,
    invoice.iid,
    {
      paidAt: new Date(card.paid_at ?? card.last_event_at ?? card.updated_at),
      amountMinor: Number(card.amount_paid_minor),
      method: 'card',
      reference: card.provider_invoice_id,
    },
    {
      ...context,
      invoiceField: 'body.iid',
      reason: `Card payment ${label} (linked by a fix)`,
    },
  );
}

/**
 * Links a card-payment invoice to ours (`fix:card-unlinked`): both sides record the link; when
 * the card invoice is paid and ours is issued, ours is marked paid by card (rule 2 runs). A paid
 * invoice of ours only gains the link.
 */
const repair = defineRepair({
  summary:
    'Link a card-payment invoice to ours; a paid card payment marks an issued invoice paid by card',
  body: ZCardLinkRepair,
  run(db, actor, input, context) {
    return writeTransaction(db, async (trx) => {
      const card = await lockRecord(trx, 'stripe_invoices', input.sid, { version: input.version });
      const label = card.number ?? card.provider_invoice_id;
      if (card.invoice_iid !== null) {
        throw badInput('body.sid', 'check', `Card payment ${label} is linked already.`);
      }
      const invoice = await lockRecord(trx, 'invoices', input.iid, {
        version: input.invoiceVersion,
      });
      checkLinkable(card, invoice, label);
      const reason = optionalReason(input.reason);
      const { cardAfter, invoiceAfter } = await writeLink(trx, actor, card, invoice, label, reason);

      let version = invoiceAfter.version;
      let message = `Card payment ${label} is linked to invoice ${invoice.number}.`;
      if (card.status === 'paid' && invoice.status === 'issued') {
        const outcome = await markPaidByCard(trx, actor, card, invoice, label, context);
        version = outcome.invoice.version;
        message += ` It is now paid by card${outcome.memberEffects.length > 0 ? `: ${outcome.memberEffects.join('; ')}` : ''}.`;
      } else if (
        card.status === 'paid' &&
        invoice.status === 'paid' &&
        invoice.paid_method !== 'card'
      ) {
        message += ` Both were paid already (ours by ${invoice.paid_method ?? 'another method'}): check whether the member paid twice.`;
      }
      return {
        check,
        message,
        changed: [
          { table: 'stripe_invoices', id: card.sid, version: cardAfter.version },
          { table: 'invoices', id: invoice.iid, version },
        ],
      };
    });
  },
});

export const cardUnlinkedFix: InvoiceFixOperations<'card-unlinked'> = { count, find, repair };
