import {
  auditReasonKey,
  type TDunningLettersPosted,
  type TDunningLettersPostedResult,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { recordAudits, type Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { letterNeededCondition } from '../../invoices';
import { machineTime } from '../../lib/clock';
import { hasPostalAddress } from './select';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/**
 * POST /api/dunning/letters/posted (and `ops dunning letters --mark-posted`): the operator
 * printed and posted the letters of these postal reminders. In one transaction, each named
 * reminder that still needs its letter (`letterNeededCondition`) and whose member has a postal
 * address is stamped posted now by the actor, with an audit entry on its invoice. A reminder
 * posted already (by someone else meanwhile), paid since, or without an address is counted as
 * skipped and left as it is, so confirming twice, or a stale list, marks nothing wrongly.
 */
export async function markLettersPosted(
  db: Kysely<Database>,
  actor: Actor,
  request: TDunningLettersPosted,
): Promise<TDunningLettersPostedResult> {
  return writeTransaction(db, async (trx) => {
    const { rows } = await sql<{
      id: string;
      invoice_iid: string;
      member_mid: string;
      level: number;
      level_name: string | null;
      posted_at: Date;
    }>`
      UPDATE dunning_notices n
         SET letter_posted_at = now(), letter_posted_by = ${actor.uid}
        FROM invoices i
        JOIN members m ON m.mid = i.member_mid
        LEFT JOIN dunning_levels l ON l.level = i.dunning_level
       WHERE i.iid = n.invoice_iid AND n.id = ANY(${request.noticeIds}::text[])
         AND ${letterNeededCondition} AND ${hasPostalAddress}
      RETURNING n.id, n.invoice_iid, i.member_mid, n.level, l.name AS level_name,
                n.letter_posted_at AS posted_at
    `.execute(trx);
    // The database's now() stamped them; with nothing marked, the same clock's time.
    const postedAt = rows[0]?.posted_at ? new Date(rows[0].posted_at) : machineTime.now();
    await recordAudits(
      trx,
      actor,
      rows.map((row) => ({
        table: 'invoices',
        recordId: row.invoice_iid,
        action: 'letter-posted',
        before: { dunning_letter: 'needed', dunning_level: row.level },
        after: {
          dunning_letter: 'posted',
          dunning_level: row.level,
          letter_posted_at: new Date(row.posted_at).toISOString(),
          [auditReasonKey]: `Reminder letter posted (level ${row.level}, ${row.level_name ?? `Level ${row.level}`})`,
        },
      })),
    );
    const letters = new Set(rows.map((row) => `${row.member_mid}:${row.level}`)).size;
    const skipped = request.noticeIds.length - rows.length;
    const message = [
      rows.length === 0
        ? 'No letter was marked as posted.'
        : `${plural(letters, 'letter', 'letters')} marked as posted (${plural(rows.length, 'reminder', 'reminders')}).`,
      skipped > 0
        ? `${plural(skipped, 'reminder no longer needs', 'reminders no longer need')} a letter (posted already, paid meanwhile, or without a postal address): left as ${skipped === 1 ? 'it is' : 'they are'}.`
        : null,
    ]
      .filter(Boolean)
      .join(' ');
    return {
      marked: rows.length,
      letters,
      skipped,
      postedAt: postedAt.toISOString(),
      message,
    };
  });
}
