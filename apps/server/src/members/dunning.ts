import type { TMemberDunning } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A member's dunning: its exemption and its open invoices with a level sent (the highest), as
 * the member detail shows them. The invoices are found by member (few) and their notices by the
 * unique (invoice, level) index.
 */
export async function memberDunningOf(db: Db, mid: string): Promise<TMemberDunning> {
  const { rows } = await sql<{
    exempt_until: string | null;
    exempt_reason: string | null;
    reminders: TMemberDunning['openReminders'] | null;
  }>`
    SELECT to_char(m.dunning_exempt_until, 'YYYY-MM-DD') AS exempt_until,
           m.dunning_exempt_reason AS exempt_reason,
           (SELECT json_agg(r ORDER BY r.level DESC, r."invoiceNumber") FROM (
              SELECT i.iid AS "invoiceId", i.number AS "invoiceNumber", i.dunning_level AS level,
                     coalesce(l.name, 'Level ' || i.dunning_level) AS "levelName",
                     to_char(coalesce(n.as_of, i.dunning_level_on), 'YYYY-MM-DD') AS "asOf"
                FROM invoices i
                LEFT JOIN dunning_levels l ON l.level = i.dunning_level
                LEFT JOIN dunning_notices n ON n.invoice_iid = i.iid AND n.level = i.dunning_level
               WHERE i.member_mid = m.mid AND i.status = 'issued' AND i.balance_minor > 0
                 AND i.dunning_level > 0) r) AS reminders
      FROM members m
     WHERE m.mid = ${mid}
  `.execute(db);
  const row = rows[0];
  return {
    exemptUntil: row?.exempt_until ?? null,
    exemptReason: row?.exempt_reason ?? null,
    openReminders: row?.reminders ?? [],
  };
}
