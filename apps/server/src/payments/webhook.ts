import {
  auditReasonKey,
  formatMinorPlain,
  paymentMetadataKeys,
  paymentStatuses,
  type TPaymentStatus,
} from '@ops/contract';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import Stripe from 'stripe';
import { recordAudit, type Actor } from '../db/audit';
import { lockRecord, updateRecord, type RecordChanges } from '../db/records';
import type { Database, StripeInvoicesTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError, badInput } from '../errors';
import { bookInvoicePaymentIn } from '../invoices';
import { cardMoneyBooked } from './card-money';
import { applyChargeRefund, chargeInvoiceIdOf, refundedChargeOf } from './card-refund';
import { newId } from '../lib/ids';
import { clock } from '../lib/clock';

type Trx = Transaction<Database>;
type StripeInvoiceRow = Selectable<StripeInvoicesTable>;

/** Webhooks act as the system itself: no operator is behind them. */
export const webhookActor: Actor = { kind: 'system', uid: null };

export type WebhookOptions = { publicUrl: string; mailFrom: string };

export type WebhookResult = { received: true; duplicate?: boolean; outcome?: string };

const signatureField = 'headers.stripe-signature';

/**
 * The event of a delivery, after checking its `Stripe-Signature` against the raw body with the
 * endpoint's secret (the official library: HMAC-SHA256, and a timestamp within 5 minutes, so an
 * old delivery cannot be replayed). Without a secret nothing is accepted (503); a missing or
 * wrong signature is a 400 and nothing is stored.
 */
export function verifyStripeEvent(
  rawBody: Buffer,
  header: string | undefined,
  secret: string | undefined,
): Stripe.Event {
  if (!secret) {
    throw new AppError(
      'unavailable',
      'Card-payment webhooks are not configured: set STRIPE_WEBHOOK_SECRET to the endpoint’s signing secret (whsec_…) and restart. Unsigned events are never accepted.',
    );
  }
  if (!header) {
    throw badInput(signatureField, 'required', 'The Stripe-Signature header is missing.');
  }
  try {
    return Stripe.webhooks.constructEvent(rawBody, header, secret);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw badInput(
      signatureField,
      'signature',
      `The Stripe-Signature does not verify this body with the configured secret: ${detail}`,
    );
  }
}

/**
 * Receives one verified event in one transaction: its id is recorded once (a repeated or
 * concurrent delivery of the same id finds it and does nothing else); an `invoice.*` event
 * updates the card-payment invoice (any order, never back from paid), links it to our invoice
 * and member through its metadata, and books the amount actually paid on our invoice through the
 * money engine (paid and rule 2, or partially paid); a `charge.refunded` event records the card
 * refund (`card-refund.ts`). Every event keeps the outcome in words for the timeline.
 */
export function receiveStripeEvent(
  db: Kysely<Database>,
  event: Stripe.Event,
  options: WebhookOptions,
): Promise<WebhookResult> {
  return writeTransaction(db, async (trx) => {
    const invoice = invoiceOf(event);
    const refundedCharge = refundedChargeOf(event);
    const inserted = await trx
      .insertInto('stripe_events')
      .values({
        event_id: event.id,
        type: event.type,
        // A refund joins the timeline of the card invoice its charge paid.
        provider_invoice_id:
          invoice?.id ?? (refundedCharge ? chargeInvoiceIdOf(refundedCharge) : null),
        provider_created_at: new Date(event.created * 1000),
        payload: JSON.stringify(event),
      })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return { received: true, duplicate: true };

    let sid: string | null = null;
    let outcome: string;
    if (refundedCharge) {
      const applied = await applyChargeRefund(trx, webhookActor, event, refundedCharge);
      sid = applied.sid;
      outcome = applied.notes.join(' ');
    } else if (!invoice) {
      outcome = event.type.startsWith('invoice.')
        ? `Recorded; ${event.type} carries no invoice, so nothing changed.`
        : `Recorded and ignored: ${event.type} is not an invoice event.`;
    } else {
      const applied = await applyInvoiceEvent(trx, event, invoice, options);
      sid = applied.sid;
      outcome = applied.notes.join(' ');
    }
    await trx
      .updateTable('stripe_events')
      .set({ outcome, sid })
      .where('event_id', '=', event.id)
      .execute();
    return { received: true, outcome };
  });
}

/** The invoice an `invoice.*` event describes (its snapshot), if it is one with an id. */
function invoiceOf(event: Stripe.Event): Stripe.Invoice | null {
  if (!event.type.startsWith('invoice.')) return null;
  const object = event.data.object as Partial<Stripe.Invoice> | undefined;
  if (!object || object.object !== 'invoice' || typeof object.id !== 'string' || !object.id) {
    return null;
  }
  return object as Stripe.Invoice;
}

/**
 * How far along the provider's life cycle a status is: an event of the same second only
 * replaces a state with one at least as far along (finalized and paid often share a second).
 */
const statusRank: Record<TPaymentStatus, number> = {
  draft: 0,
  open: 1,
  uncollectible: 2,
  paid: 3,
  void: 3,
};
/** Final at the provider: nothing moves a paid or void invoice to another status. */
const finalStatuses: readonly TPaymentStatus[] = ['paid', 'void'];

const headquartersDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' });
const epochToDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The columns an invoice snapshot sets, as the table stores them. */
function snapshotOf(invoice: Stripe.Invoice) {
  const transitions = invoice.status_transitions ?? {};
  const customer = invoice.customer;
  const status = (invoice.status ?? 'draft') as TPaymentStatus;
  return {
    number: invoice.number ?? null,
    customer_id: typeof customer === 'string' ? customer : (customer?.id ?? null),
    customer_email: invoice.customer_email ?? null,
    customer_name: invoice.customer_name ?? null,
    status,
    amount_due_minor: invoice.amount_due ?? 0,
    amount_paid_minor: invoice.amount_paid ?? 0,
    amount_remaining_minor: invoice.amount_remaining ?? 0,
    currency: (invoice.currency ?? '').toUpperCase(),
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf_url: invoice.invoice_pdf ?? null,
    provider_created_at: new Date((invoice.created ?? 0) * 1000),
    due_date: invoice.due_date ? headquartersDay.format(new Date(invoice.due_date * 1000)) : null,
    paid_at: epochToDate(transitions.paid_at),
    status_transitions: JSON.stringify({
      finalized_at: transitions.finalized_at ?? null,
      paid_at: transitions.paid_at ?? null,
      voided_at: transitions.voided_at ?? null,
      marked_uncollectible_at: transitions.marked_uncollectible_at ?? null,
    }),
    metadata: JSON.stringify(invoice.metadata ?? {}),
    livemode: invoice.livemode ?? false,
  };
}

/** Fields whose change is worth an audit line (the rest follow them). */
const auditedFields = [
  'status',
  'number',
  'amount_due_minor',
  'amount_paid_minor',
  'amount_remaining_minor',
  'currency',
  'customer_email',
  'customer_name',
  'due_date',
  'paid_at',
  'invoice_iid',
  'member_mid',
  'deleted_at',
] as const;

function pick(row: Record<string, unknown>) {
  return Object.fromEntries(auditedFields.map((field) => [field, normalized(row[field])]));
}

function normalized(value: unknown) {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return value ?? null;
}

type Links = { invoiceIid: string | null; memberMid: string | null; notes: string[] };

/**
 * Our invoice and member named by the metadata, when they exist. An id we do not know stays in
 * the metadata, unlinked, and the outcome says so.
 */
async function linksOf(trx: Trx, metadata: Record<string, string> | null): Promise<Links> {
  const links: Links = { invoiceIid: null, memberMid: null, notes: [] };
  const invoiceId = metadata?.[paymentMetadataKeys.invoice]?.trim();
  const memberId = metadata?.[paymentMetadataKeys.member]?.trim();
  let invoiceMember: string | null = null;
  if (invoiceId) {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['iid', 'number', 'member_mid'])
      .where('iid', '=', invoiceId)
      .executeTakeFirst();
    if (invoice) {
      links.invoiceIid = invoice.iid;
      invoiceMember = invoice.member_mid;
    } else {
      links.notes.push(
        `metadata.${paymentMetadataKeys.invoice} "${invoiceId}" names no invoice of ours: not linked.`,
      );
    }
  }
  if (memberId) {
    const member = await trx
      .selectFrom('members')
      .select('mid')
      .where('mid', '=', memberId)
      .executeTakeFirst();
    if (!member) {
      links.notes.push(
        `metadata.${paymentMetadataKeys.member} "${memberId}" names no member: not linked.`,
      );
    } else if (invoiceMember && invoiceMember !== member.mid) {
      links.notes.push(
        `metadata.${paymentMetadataKeys.member} "${memberId}" is not the member of the invoice; the invoice's member is linked.`,
      );
    } else {
      links.memberMid = member.mid;
    }
  }
  links.memberMid = invoiceMember ?? links.memberMid;
  return links;
}

function describe(row: { number: string | null; provider_invoice_id: string }) {
  return row.number ? `${row.number} (${row.provider_invoice_id})` : row.provider_invoice_id;
}

/** Applies an invoice snapshot to the stored card-payment invoice; the outcome in words. */
async function applyInvoiceEvent(
  trx: Trx,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  options: WebhookOptions,
): Promise<{ sid: string | null; notes: string[] }> {
  const status = invoice.status ?? 'draft';
  if (!paymentStatuses.includes(status as TPaymentStatus)) {
    return {
      sid: null,
      notes: [
        `Recorded; the invoice's status "${status}" is not one this console knows: nothing changed.`,
      ],
    };
  }
  const snapshot = snapshotOf(invoice);
  const eventAt = new Date(event.created * 1000);
  const isDeletion = event.type === 'invoice.deleted';
  const links = await linksOf(trx, invoice.metadata ?? null);
  const notes: string[] = [];

  const current = await trx
    .selectFrom('stripe_invoices')
    .selectAll()
    .where('provider_invoice_id', '=', invoice.id)
    .forUpdate()
    .executeTakeFirst();

  let row: StripeInvoiceRow;
  if (!current) {
    const values: Insertable<StripeInvoicesTable> = {
      sid: newId(),
      provider_invoice_id: invoice.id,
      ...snapshot,
      member_mid: links.memberMid,
      invoice_iid: links.invoiceIid,
      deleted_at: isDeletion ? eventAt : null,
      last_event_id: event.id,
      last_event_at: eventAt,
    };
    row = await trx
      .insertInto('stripe_invoices')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, webhookActor, {
      table: 'stripe_invoices',
      recordId: row.sid,
      action: 'create',
      before: null,
      after: { ...pick(row), [auditReasonKey]: `Webhook ${event.type} (${event.id})` },
    });
    notes.push(`Recorded ${snapshot.status} card-payment invoice ${describe(row)}.`);
  } else {
    const lastAt = current.last_event_at ? new Date(current.last_event_at).getTime() : 0;
    const isNewer =
      eventAt.getTime() > lastAt ||
      (eventAt.getTime() === lastAt && statusRank[snapshot.status] >= statusRank[current.status]);
    const keepsFinal = finalStatuses.includes(current.status) && snapshot.status !== current.status;
    // The link only ever fills in: an operator's link, or an earlier event's, is kept.
    const linkUpdate = {
      invoice_iid: current.invoice_iid ?? links.invoiceIid,
      member_mid: current.member_mid ?? links.memberMid,
    };
    let changes: Partial<Insertable<StripeInvoicesTable>> = {};
    if (keepsFinal) {
      notes.push(
        `Kept ${current.status}: a ${current.status} card-payment invoice never moves back (this event says ${snapshot.status}).`,
      );
    } else if (!isNewer) {
      notes.push(
        `Older than the state already recorded (${current.status}, from ${current.last_event_id ?? 'an earlier event'}): kept that state.`,
      );
    } else {
      changes = {
        ...snapshot,
        ...(isDeletion ? { deleted_at: eventAt } : {}),
        last_event_id: event.id,
        last_event_at: eventAt,
      };
      notes.push(
        current.status === snapshot.status
          ? `Updated ${describe(current)} (${snapshot.status}).`
          : `${describe(current)}: ${current.status} → ${snapshot.status}.`,
      );
    }
    const isLinking =
      linkUpdate.invoice_iid !== current.invoice_iid ||
      linkUpdate.member_mid !== current.member_mid;
    if (Object.keys(changes).length > 0 || isLinking) {
      row = await updateRecord(
        trx,
        webhookActor,
        'stripe_invoices',
        current,
        { ...changes, ...linkUpdate } as RecordChanges<'stripe_invoices'>,
        {
          action: isDeletion ? 'delete' : 'update',
          reason: `Webhook ${event.type} (${event.id})`,
          view: (audited) => ({ ...pick(audited), version: audited.version }),
        },
      );
    } else {
      row = current;
    }
  }
  if (isDeletion) notes.push('Deleted at the provider (a draft): kept here, marked deleted.');
  notes.push(...links.notes);
  notes.push(...(await settleLinkedInvoice(trx, row, eventAt, options)));
  return { sid: row.sid, notes };
}

const paidDay = (value: Date | string | null) =>
  value ? headquartersDay.format(new Date(value)) : 'an earlier day';

/**
 * Our side of a linked card-payment invoice: the invoice names it (`card_invoice_sid`), and the
 * money it received (`amount_paid`, less what earlier events booked) is booked on our invoice by
 * card through the money engine: paid with rule 2 (member active, certificate) when the balance
 * reaches zero, else partially paid with its balance; unless our invoice was paid already or
 * cannot be (void, uncollectible, a draft, another currency). Shared by the webhook and the
 * operator's link action; the outcome in words.
 */
export async function settleLinkedInvoice(
  trx: Trx,
  row: StripeInvoiceRow,
  eventAt: Date,
  options: WebhookOptions & { actor?: Actor },
): Promise<string[]> {
  if (!row.invoice_iid) return [];
  const actor = options.actor ?? webhookActor;
  const notes: string[] = [];
  const invoice = await lockRecord(trx, 'invoices', row.invoice_iid);

  if (invoice.card_invoice_sid === null) {
    await updateRecord(
      trx,
      actor,
      'invoices',
      invoice,
      { card_invoice_sid: row.sid },
      {
        action: 'link-card-payment',
        reason: `Card-payment invoice ${describe(row)}`,
        view: (linked) => ({ card_invoice_sid: linked.card_invoice_sid, version: linked.version }),
      },
    );
    notes.push(`Linked to invoice ${invoice.number}.`);
  } else if (invoice.card_invoice_sid !== row.sid) {
    notes.push(
      `Invoice ${invoice.number} already names another card-payment invoice (${invoice.card_invoice_sid}); left as it is.`,
    );
  }

  // Money received: a paid card invoice, or an open one paid in part (partial payments).
  const receivedMinor = Number(row.amount_paid_minor);
  if (row.status !== 'paid' && !(row.status === 'open' && receivedMinor > 0)) return notes;
  const paid = `${row.currency} ${formatMinorPlain(row.amount_paid_minor)}`;
  if (invoice.status === 'paid') {
    notes.push(
      `Invoice ${invoice.number} was already paid on ${paidDay(invoice.paid_at)}${invoice.paid_method ? ` (${invoice.paid_method})` : ''}: not marked again.`,
    );
    return notes;
  }
  if (invoice.status !== 'issued') {
    const why = invoice.status === 'draft' ? 'is a draft (never issued)' : `is ${invoice.status}`;
    notes.push(
      `Not applied: invoice ${invoice.number} ${why}, so the card payment of ${paid} was not booked on it. Check it (refund, or link the payment to the right invoice).`,
    );
    return notes;
  }
  if (row.currency !== invoice.currency.trim()) {
    notes.push(
      `Not applied: the card payment is in ${row.currency}, invoice ${invoice.number} in ${invoice.currency}. Book it by hand.`,
    );
    return notes;
  }
  // The amount actually paid, less what earlier events of this card invoice booked already.
  const amountMinor =
    receivedMinor - (await cardMoneyBooked(trx, 'payment', { cardInvoiceSid: row.sid }));
  if (amountMinor <= 0) {
    notes.push(
      receivedMinor > 0
        ? `The card payment of ${paid} is booked to invoice ${invoice.number} already: nothing more to book.`
        : `Not applied: nothing was paid (${paid}); invoice ${invoice.number} stays issued.`,
    );
    return notes;
  }
  // The provider's clock may run ahead of ours by a little; a payment is never in the future.
  const paidAt = new Date(
    Math.min((row.paid_at ? new Date(row.paid_at) : eventAt).getTime(), clock.nowMs()),
  );
  const booked = await bookInvoicePaymentIn(
    trx,
    actor,
    invoice.iid,
    {
      amountMinor,
      paidAt,
      method: 'card',
      source: 'card',
      reference: row.provider_invoice_id,
      reason: `Card payment ${describe(row)}`,
      cardInvoiceSid: row.sid,
    },
    {
      publicUrl: options.publicUrl,
      mailFrom: options.mailFrom,
      invoiceField: `metadata.${paymentMetadataKeys.invoice}`,
    },
  );
  const total = Number(invoice.total_minor);
  // Paid in full, as the card invoice asked: the plain sentence; else the engine's outcome
  // (partially paid with its balance, bank charges written off, a surplus to the member's credit).
  const isExact = booked.outcome === 'paid' && !booked.writeOff && amountMinor === receivedMinor;
  notes.push(
    isExact
      ? `Invoice ${invoice.number} marked paid by card: ${paid}${receivedMinor !== total ? ` (the invoice's total is ${invoice.currency} ${formatMinorPlain(invoice.total_minor)})` : ''}.`
      : `Card payment: ${booked.summary}`,
    ...booked.memberEffects.map((effect) => `${effect[0]?.toUpperCase() ?? ''}${effect.slice(1)}.`),
  );
  return notes;
}
