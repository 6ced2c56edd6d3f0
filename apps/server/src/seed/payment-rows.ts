import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Demo card payments (Payments, issue 6). Derived set-based from the invoices already loaded, so
 * the seed stays one pass over its generators and a 100,000-member seed barely notices:
 * - every invoice of the current year paid by card has its card-payment invoice (paid, linked
 *   through metadata) and the three webhook events of its life: created, finalized, paid;
 * - one in sixteen of last year's card payments arrived without metadata: unlinked, for the
 *   invoice fixes and the link action to find.
 * Ids derive from the invoice id (md5), so the same seed gives the same rows.
 */

/** The demo provider account, in the shape of the provider's hosted-page URLs. */
const demoAccount = 'acct_1DemoFederation';

/** The card-payment invoice id of a demo invoice paid by card: the seed writes it on both rows. */
export function demoCardInvoiceSid(iid: string): string {
  return `si${createHash('md5').update(iid).digest('hex').slice(0, 18)}`;
}

/** Which paid-by-card invoices get a card-payment invoice, and whether it is linked. */
const selected = `
  SELECT i.iid, i.number AS invoice_number, i.member_mid, i.currency, i.total_minor, i.paid_at,
         i.due_date, i.created_at AS issued_at, m.email, m.legal_name,
         coalesce(m.card_customer_id, 'cus_' || substr(md5(m.mid), 1, 14)) AS customer_id,
         md5(i.iid) AS h,
         i.year = $1 AS is_linked
    FROM invoices i
    JOIN members m ON m.mid = i.member_mid
   WHERE i.status = 'paid' AND i.paid_method = 'card' AND i.paid_at IS NOT NULL
     AND (i.year = $1 OR (i.year = $1 - 1 AND left(md5(i.iid), 1) = '0'))`;

/**
 * Inserts the demo card-payment invoices and their events (two statements, no row-by-row work).
 * Call after invoices and members are loaded, in the seed's transaction. Returns the rows made.
 */
export async function insertDemoPaymentRows(
  client: pg.PoolClient,
  currentYear: number,
): Promise<{ stripeInvoices: number; stripeEvents: number }> {
  const invoices = await client.query(
    `INSERT INTO stripe_invoices (
       sid, provider_invoice_id, number, customer_id, customer_email, customer_name, status,
       amount_due_minor, amount_paid_minor, amount_remaining_minor, currency,
       hosted_invoice_url, invoice_pdf_url, provider_created_at, due_date, paid_at,
       status_transitions, member_mid, invoice_iid, metadata, livemode,
       last_event_id, last_event_at, version, created_at, updated_at)
     SELECT 'si' || substr(p.h, 1, 18),
            'in_1' || substr(p.h, 1, 23),
            upper(substr(p.h, 24, 8)) || '-0001',
            p.customer_id, p.email, p.legal_name, 'paid',
            p.total_minor, p.total_minor, 0, p.currency,
            'https://invoice.stripe.com/i/${demoAccount}/test_' || p.h,
            'https://pay.stripe.com/invoice/${demoAccount}/test_' || p.h || '/pdf',
            p.created, p.due_date, p.paid_at,
            jsonb_build_object(
              'finalized_at', extract(epoch FROM p.created)::bigint + 60,
              'paid_at', extract(epoch FROM p.paid_at)::bigint,
              'voided_at', NULL, 'marked_uncollectible_at', NULL),
            CASE WHEN p.is_linked THEN p.member_mid END,
            CASE WHEN p.is_linked THEN p.iid END,
            CASE WHEN p.is_linked
                 THEN jsonb_build_object('invoice_id', p.iid, 'member_id', p.member_mid)
                 ELSE '{}'::jsonb END,
            false,
            'evt_1' || substr(md5('in_1' || substr(p.h, 1, 23) || 'paid'), 1, 23),
            p.paid_at, 3, p.created, p.paid_at
       FROM (SELECT s.*,
                    -- Sent for card payment a few minutes after it was issued.
                    least(s.issued_at + interval '7 minutes', s.paid_at - interval '1 minute')
                      AS created
               FROM (${selected}) s) p`,
    [currentYear],
  );

  const events = await client.query(
    `INSERT INTO stripe_events (event_id, type, provider_invoice_id, sid, provider_created_at,
                                received_at, payload, outcome)
     SELECT 'evt_1' || substr(md5(s.provider_invoice_id || e.kind), 1, 23),
            e.type, s.provider_invoice_id, s.sid, e.at, e.at + interval '2 seconds',
            jsonb_build_object(
              'id', 'evt_1' || substr(md5(s.provider_invoice_id || e.kind), 1, 23),
              'object', 'event', 'type', e.type, 'livemode', false,
              'created', extract(epoch FROM e.at)::bigint,
              'data', jsonb_build_object('object', jsonb_build_object(
                'id', s.provider_invoice_id, 'object', 'invoice',
                'number', CASE WHEN e.kind = 'created' THEN NULL ELSE s.number END,
                'status', e.status, 'customer', s.customer_id,
                'customer_email', s.customer_email, 'customer_name', s.customer_name,
                'currency', lower(s.currency), 'amount_due', s.amount_due_minor,
                'amount_paid', CASE WHEN e.kind = 'paid' THEN s.amount_paid_minor ELSE 0 END,
                'amount_remaining',
                  CASE WHEN e.kind = 'paid' THEN 0 ELSE s.amount_due_minor END,
                'hosted_invoice_url', s.hosted_invoice_url, 'invoice_pdf', s.invoice_pdf_url,
                'created', extract(epoch FROM s.provider_created_at)::bigint,
                'metadata', s.metadata))),
            CASE e.kind
              WHEN 'created' THEN 'Recorded draft card-payment invoice ' || s.provider_invoice_id || '.'
              WHEN 'finalized' THEN s.number || ' (' || s.provider_invoice_id || '): draft → open.'
              ELSE s.number || ' (' || s.provider_invoice_id || '): open → paid.' ||
                   CASE WHEN i.number IS NOT NULL
                        THEN ' Invoice ' || i.number || ' marked paid by card: ' || s.currency ||
                             ' ' || to_char(s.amount_paid_minor / 100.0, 'FM999999999990.00') || '.'
                        ELSE '' END
            END
       FROM stripe_invoices s
       LEFT JOIN invoices i ON i.iid = s.invoice_iid
      CROSS JOIN LATERAL (VALUES
              ('created', 'invoice.created', 'draft', s.provider_created_at),
              ('finalized', 'invoice.finalized', 'open', s.provider_created_at + interval '1 minute'),
              ('paid', 'invoice.paid', 'paid', s.paid_at)) AS e(kind, type, status, at)`,
  );
  return { stripeInvoices: invoices.rowCount ?? 0, stripeEvents: events.rowCount ?? 0 };
}
