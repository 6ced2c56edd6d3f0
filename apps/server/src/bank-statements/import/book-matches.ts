import { sql, type Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { recordAudits } from '../../db/audit';
import type { Database } from '../../db/schema';
import {
  bookInvoicePaymentsIn,
  inTransactionCertificates,
  issueDueCertificatesIn,
  type CertificateDue,
} from '../../invoices';
import { paymentOfEntry, type EntryBookingContext } from '../book-entry';
import type { NewEntry } from './entries';

type Trx = Transaction<Database>;

/** Audit entries per insert: 7 columns × 5,000 rows stays under PostgreSQL's parameter limit. */
const auditsPerInsert = 5_000;

/**
 * Books every entry matching put in state 'booked' through the money engine's batch path
 * (`bookInvoicePaymentsIn`): the same rules as a payment booked by hand (balance, tolerance
 * write-off, surplus credit, rule 2), in file order, in a handful of statements for the whole
 * file. What each booking did (outcome, movement) is then written to the entries in one
 * statement. A few certificates are issued here; more are left for after the commit.
 */
export async function bookMatchedEntries(
  trx: Trx,
  actor: Actor,
  rows: readonly NewEntry[],
  context: EntryBookingContext,
): Promise<{ certificatesDue: CertificateDue[] }> {
  const booked = rows.filter((row) => row.state === 'booked');
  if (booked.length === 0) return { certificatesDue: [] };
  const result = await bookInvoicePaymentsIn(
    trx,
    actor,
    booked.map((row) => ({
      ...paymentOfEntry(row, row.match_reason ?? ''),
      key: row.beid,
      iid: row.invoice_iid as string,
    })),
  );
  const byKey = new Map(result.bookings.map((booking) => [booking.key, booking]));
  for (const row of booked) {
    const booking = byKey.get(row.beid);
    row.outcome = booking?.outcome ?? null;
    row.movement_id = booking?.movementId ?? null;
  }
  await sql`
    UPDATE bank_entries e SET outcome = b.outcome, movement_id = b.movement_id
      FROM unnest(${booked.map((row) => row.beid)}::text[],
                  ${booked.map((row) => row.outcome)}::text[],
                  ${booked.map((row) => row.movement_id)}::text[]) AS b(beid, outcome, movement_id)
     WHERE e.beid = b.beid`.execute(trx);
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
