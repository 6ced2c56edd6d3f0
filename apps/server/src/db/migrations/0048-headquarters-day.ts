import { sql, type Kysely } from 'kysely';
import { recordedPaymentsFunction } from './0026-money-movements';

/**
 * Issue 30: a paid invoice with neither a payment moment nor an issue date booked its recorded
 * payment on `CURRENT_DATE`, the day in the session's zone (UTC): from 00:00 to 01:00 in Zurich
 * (02:00 in summer) that is yesterday at headquarters. The trigger now books it on headquarters'
 * day, as every other booking is dated. (A trigger cannot read the product's clock; the moment
 * of the write is the day it records.)
 */
const replaceRecordedPaymentsFunction = (fallbackDay: string) =>
  sql.raw(`
CREATE OR REPLACE FUNCTION ${recordedPaymentsFunction(fallbackDay)}`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceRecordedPaymentsFunction(`(now() AT TIME ZONE 'Europe/Zurich')::date`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The definition of migration 0026, as it was.
  await replaceRecordedPaymentsFunction('CURRENT_DATE').execute(db);
}
