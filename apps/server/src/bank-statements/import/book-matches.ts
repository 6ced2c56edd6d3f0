import type { Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { recordAudits } from '../../db/audit';
import type { Database } from '../../db/schema';
import {
  inTransactionCertificates,
  issueDueCertificatesIn,
  planInvoicePaymentsIn,
  writePlannedPaymentsIn,
  type CertificateDue,
  type PaymentPlan,
} from '../../invoices';
import { paymentOfEntry, type EntryBookingContext } from '../book-entry';
import type { NewEntry } from './entries';

type Trx = Transaction<Database>;

/** Audit entries per insert: 7 columns × 5,000 rows stays under PostgreSQL's parameter limit. */
const auditsPerInsert = 5_000;

/**
 * Plans the booking of every entry matching put in state 'booked', through the money engine's
 * batch path (`planInvoicePaymentsIn`: the same rules as a payment booked by hand — balance,
 * tolerance write-off, surplus credit —, in file order): each entry gets its outcome and the id
 * of its movement before it is written, so that entries are inserted once, complete.
 */
export async function planMatchedBookings(
  trx: Trx,
  actor: Actor,
  rows: readonly NewEntry[],
): Promise<PaymentPlan> {
  const booked = rows.filter((row) => row.state === 'booked');
  const plan = await planInvoicePaymentsIn(
    trx,
    actor,
    booked.map((row) => ({
      ...paymentOfEntry(row, row.match_reason ?? ''),
      key: row.beid,
      iid: row.invoice_iid as string,
    })),
  );
  const byKey = new Map(plan.bookings.map((booking) => [booking.key, booking]));
  for (const row of booked) {
    const booking = byKey.get(row.beid);
    row.outcome = booking?.outcome ?? null;
    row.movement_id = booking?.movementId ?? null;
  }
  return plan;
}

/**
 * Writes the planned bookings once their entries are stored (movements, invoices, rule 2). A
 * few certificates are issued here, in the import's transaction; more are left for after the
 * commit.
 */
export async function writeMatchedBookings(
  trx: Trx,
  actor: Actor,
  plan: PaymentPlan,
  context: EntryBookingContext,
): Promise<{ certificatesDue: CertificateDue[] }> {
  const result = await writePlannedPaymentsIn(trx, actor, plan);
  if (result.certificatesDue.length <= inTransactionCertificates) {
    await issueDueCertificatesIn(trx, actor, result.certificatesDue, context);
    return { certificatesDue: [] };
  }
  return { certificatesDue: result.certificatesDue };
}

/** One audit entry per imported entry, as it ended (state, match, outcome), in a few inserts. */
export async function auditImportedEntries(
  trx: Trx,
  actor: Actor,
  rows: readonly NewEntry[],
  fileName: string | null,
): Promise<void> {
  for (let start = 0; start < rows.length; start += auditsPerInsert) {
    await recordAudits(
      trx,
      actor,
      rows.slice(start, start + auditsPerInsert).map((row) => ({
        table: 'bank_entries',
        recordId: row.beid,
        action: 'import',
        before: null,
        after: { ...row, fileName },
      })),
    );
  }
}
