import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: a paid invoice with neither a payment moment nor an issue date booked its recorded
 * payment on `CURRENT_DATE`, the day in the session's zone (UTC): from 00:00 to 01:00 in Zurich
 * (02:00 in summer) that is yesterday at headquarters. The trigger now books it on headquarters'
 * day, as every other booking is dated. (A trigger cannot read the product's clock; the moment
 * of the write is the day it records.)
 */
const recordedPaymentsFunction = (fallbackDay: string) =>
  sql.raw(`
CREATE OR REPLACE FUNCTION invoices_add_recorded_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, method, source,
                               booked_on, amount_minor, settles_minor, reference, reason)
  SELECT 'paid-' || n.iid, n.member_mid, n.iid, n.currency, 'payment',
         coalesce(n.paid_method, 'other'),
         CASE WHEN n.source = 'csv-import' THEN 'csv' ELSE 'recorded' END,
         coalesce((n.paid_at AT TIME ZONE 'Europe/Zurich')::date, n.issue_date, ${fallbackDay}),
         n.paid_minor, n.paid_minor, n.paid_reference, 'Recorded as paid'
    FROM new_rows n
   WHERE n.status = 'paid' AND n.paid_minor > 0
     AND NOT EXISTS (SELECT 1 FROM money_movements m WHERE m.invoice_iid = n.iid)
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END
$$`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await recordedPaymentsFunction(`(now() AT TIME ZONE 'Europe/Zurich')::date`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The definition of migration 0026, as it was.
  await recordedPaymentsFunction('CURRENT_DATE').execute(db);
}
