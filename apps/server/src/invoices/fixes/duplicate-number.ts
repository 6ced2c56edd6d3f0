import { invoiceNumberKey, type TInvoiceFixFindingsQuery } from '@ops/contract';
import { sql } from 'kysely';
import type { RecordRow } from '../../db/records';
import { countOf } from './count-of';
import { toDuplicateFinding, voidDuplicateRepair } from './duplicate-groups';
import { loadInvoices } from './fix-invoice';
import { invoicesWithNumberKeys } from './number-keys';
import type { Db, InvoiceFixOperations, Trx } from './operations';

/** 2. Invoice numbers that collide once case, spaces, dashes and leading zeros are ignored. */
const oddNumberKeys = sql`
  SELECT invoice_number_key(number) AS key, count(*) AS n FROM invoices
   WHERE status <> 'void' AND NOT invoice_number_is_standard(number)
   GROUP BY 1`;

const collidingKeys = sql`
  SELECT key FROM (${oddNumberKeys}) odd
   WHERE n > 1 OR EXISTS (SELECT 1 FROM invoices s
                           WHERE s.number = invoice_number_standard_of(odd.key)
                             AND s.status <> 'void')`;

function count(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM (${collidingKeys}) k`);
}

async function find(db: Db, query: TInvoiceFixFindingsQuery) {
  const [{ rows: keys }, total] = await Promise.all([
    sql<{ key: string }>`
      SELECT key FROM (${collidingKeys}) k ORDER BY key
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    count(db),
  ]);
  const wanted = keys.map((row) => row.key);
  const invoices = await loadInvoices(db, await invoicesWithNumberKeys(db, wanted));
  const findings = wanted.flatMap((key) => {
    const group = invoices.filter((invoice) => invoiceNumberKey(invoice.number) === key);
    return group.length < 2 ? [] : [toDuplicateFinding(key, group, 'number')];
  });
  return { count: total, findings };
}

/** The numbers of the other invoices (not void) whose number has the same key. */
async function othersWithTheSameNumber(trx: Trx, invoice: RecordRow<'invoices'>) {
  const iids = await invoicesWithNumberKeys(trx, [invoiceNumberKey(invoice.number)]);
  const others = iids.filter((iid) => iid !== invoice.iid);
  if (others.length === 0) return [];
  const rows = await trx
    .selectFrom('invoices')
    .select('number')
    .where('iid', 'in', others)
    .execute();
  return rows.map((row) => row.number);
}

export const duplicateNumberFix: InvoiceFixOperations<'duplicate-number'> = {
  count,
  find,
  repair: voidDuplicateRepair('duplicate-number', {
    sharing: 'number',
    othersOf: othersWithTheSameNumber,
  }),
};
