import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, MoneyMovementsTable } from '../../db/schema';
import { newId } from '../../lib/ids';

type Trx = Transaction<Database>;
export type MovementRow = Selectable<MoneyMovementsTable>;

/** A movement as its writer knows it; the id, time and author are added here. */
export type MovementInput = Omit<
  Insertable<MoneyMovementsTable>,
  'id' | 'created_at' | 'created_by' | 'settles_minor' | 'credit_minor'
> & {
  /** Taken off the invoice's balance (negative in a reversal). */
  settlesMinor: number;
  /** Added to the member's credit (negative when credit is applied or refunded). */
  creditMinor: number;
};

/**
 * Adds one movement of money and its audit entry. Movements are only ever added: what the
 * member owes moves by −(settles + credit), so every balance is a sum of rows. Callers update
 * the invoice's aggregates themselves (`settleInvoiceIn`), in the same transaction.
 */
export async function addMovement(
  trx: Trx,
  actor: Actor,
  input: MovementInput,
): Promise<MovementRow> {
  const { settlesMinor, creditMinor, ...columns } = input;
  const row = await trx
    .insertInto('money_movements')
    .values({
      ...columns,
      id: newId(),
      settles_minor: settlesMinor,
      credit_minor: creditMinor,
      created_by: actor.uid,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'money_movements',
    recordId: row.id,
    action: row.kind,
    after: {
      kind: row.kind,
      invoice_iid: row.invoice_iid,
      member_mid: row.member_mid,
      currency: row.currency,
      amount_minor: row.amount_minor,
      settles_minor: row.settles_minor,
      credit_minor: row.credit_minor,
      method: row.method,
      source: row.source,
      booked_on: row.booked_on,
      reference: row.reference,
      reason: row.reason,
      reverses_id: row.reverses_id,
      bank_entry_id: row.bank_entry_id,
      credit_note_id: row.credit_note_id,
    },
  });
  return row;
}

/** The member's credit in a currency: the sum of its movements' credit effects. */
export async function memberCreditOf(trx: Trx, mid: string, currency: string): Promise<number> {
  const row = await trx
    .selectFrom('money_movements')
    .select(sql<string>`coalesce(sum(credit_minor), 0)`.as('credit'))
    .where('member_mid', '=', mid)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return Number(row.credit);
}

// One formatter for every call: making one costs more than a whole booking (a bank file books
// thousands).
const headquartersDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' });

/** A movement's day from a moment: the calendar day at headquarters. */
export function bookingDayOf(moment: Date): string {
  return headquartersDay.format(moment);
}
