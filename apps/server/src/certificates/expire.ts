import { sql, type Kysely } from 'kysely';
import { recordAudits, type Actor } from '../db/audit';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { clock } from '../lib/clock';

/** The sweep acts as the system itself: no operator is behind it. */
const expiryActor: Actor = { kind: 'system', uid: null };

/**
 * Marks issued certificates whose valid-to date has passed at headquarters (the product's clock, Europe/Zurich: valid to 31
 * December is valid all that day in Zurich) as expired, with an audit entry
 * each, in one set-based statement (the partial index of migration 0010 finds them) and one
 * insert of the entries. Reads show such a certificate as expired at once anyway; this keeps the
 * stored status, and so the list's status filter and sort, true. Returns how many it marked.
 */
export async function expireCertificates(db: Kysely<Database>): Promise<number> {
  const today = clock.today();
  // READ COMMITTED, as the single statement it was: an instance sweeping at the same moment
  // waits for the rows and then skips those already expired, instead of retrying the sweep.
  return writeTransaction(
    db,
    async (trx) => {
      const { rows } = await sql<{ cid: string; version: number }>`
        UPDATE certificates c
           SET status = 'expired', ${versionBump('c', expiryActor)}
         WHERE c.status = 'issued' AND c.valid_to < ${today}::date
        RETURNING c.cid, c.version`.execute(trx);
      await recordAudits(
        trx,
        expiryActor,
        rows.map((row) => ({
          table: 'certificates',
          recordId: row.cid,
          action: 'expire',
          before: { status: 'issued', version: row.version - 1 },
          after: { status: 'expired', version: row.version },
        })),
      );
      return rows.length;
    },
    { isolationLevel: 'read committed' },
  );
}
