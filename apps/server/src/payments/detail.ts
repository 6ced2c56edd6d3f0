import type { TPaymentDetail } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { paymentItemOf, paymentListColumns } from './list';

const isoOrNull = (value: Date | string | null | undefined) =>
  value ? new Date(value).toISOString() : null;

const epochIso = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

/**
 * One card-payment invoice for its detail screen: every field, the provider's links, our
 * invoice and member, and the timeline of its webhook events (oldest first, with what each
 * did). 404 when there is none.
 */
export async function getPayment(db: Kysely<Database>, sid: string): Promise<TPaymentDetail> {
  const row = await db
    .selectFrom('stripe_invoices as s')
    .leftJoin('invoices as i', 'i.iid', 's.invoice_iid')
    .leftJoin('members as m', 'm.mid', 's.member_mid')
    .select([
      ...paymentListColumns,
      's.customer_id',
      's.hosted_invoice_url',
      's.invoice_pdf_url',
      's.paid_at',
      's.status_transitions',
      's.metadata',
      's.livemode',
      's.last_event_id',
      's.last_event_at',
      's.version',
      's.updated_at',
      'i.status as invoice_status',
      'i.total_minor as invoice_total_minor',
      'i.currency as invoice_currency',
      'i.paid_at as invoice_paid_at',
      'i.paid_method as invoice_paid_method',
      'i.paid_reference as invoice_paid_reference',
      'm.status as member_status',
    ])
    .where('s.sid', '=', sid)
    .executeTakeFirst();
  if (!row) throw recordNotFound('stripe_invoices', sid);

  const events = await db
    .selectFrom('stripe_events')
    .select(['event_id', 'type', 'provider_created_at', 'received_at', 'outcome'])
    .where('sid', '=', sid)
    .orderBy('provider_created_at')
    .orderBy('received_at')
    .execute();

  const transitions = row.status_transitions ?? {};
  const metadata = Object.fromEntries(
    Object.entries(row.metadata ?? {}).map(([key, value]) => [key, String(value)]),
  );
  return {
    ...paymentItemOf(row),
    customerId: row.customer_id,
    hostedInvoiceUrl: row.hosted_invoice_url,
    invoicePdfUrl: row.invoice_pdf_url,
    paidAt: isoOrNull(row.paid_at),
    statusTransitions: {
      finalizedAt: epochIso(transitions.finalized_at),
      paidAt: epochIso(transitions.paid_at),
      voidedAt: epochIso(transitions.voided_at),
      markedUncollectibleAt: epochIso(transitions.marked_uncollectible_at),
    },
    metadata,
    isLiveMode: row.livemode,
    deletedAt: isoOrNull(row.deleted_at),
    lastEventId: row.last_event_id,
    lastEventAt: isoOrNull(row.last_event_at),
    invoice:
      row.invoice_iid && row.invoice_number && row.invoice_status
        ? {
            iid: row.invoice_iid,
            number: row.invoice_number,
            status: row.invoice_status,
            totalMinor: Number(row.invoice_total_minor ?? 0),
            currency: row.invoice_currency ?? row.currency,
            paidAt: isoOrNull(row.invoice_paid_at),
            paidMethod: row.invoice_paid_method,
            paidReference: row.invoice_paid_reference ?? null,
          }
        : null,
    member:
      row.member_mid && row.member_number && row.member_name && row.member_status
        ? {
            mid: row.member_mid,
            number: row.member_number,
            legalName: row.member_name,
            status: row.member_status,
          }
        : null,
    events: events.map((event) => ({
      eventId: event.event_id,
      type: event.type,
      createdAt: new Date(event.provider_created_at).toISOString(),
      receivedAt: new Date(event.received_at).toISOString(),
      outcome: event.outcome,
    })),
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
