import type { TInvoiceFixFindingsQuery } from '@ops/contract';
import { sql } from 'kysely';
import type { RecordRow } from '../../db/records';
import { countOf } from './count-of';
import { toDuplicateFinding, voidDuplicateRepair } from './duplicate-groups';
import { loadInvoices } from './fix-invoice';
import type { Db, InvoiceFixOperations, Trx } from './operations';

/** 3. A member with two or more membership invoices (not void) for the same year. */
const billedTwice = sql`
  SELECT member_mid, year FROM invoices
   WHERE kind = 'membership' AND status <> 'void' AND member_mid IS NOT NULL
   GROUP BY member_mid, year HAVING count(*) > 1`;

function count(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM (${billedTwice}) b`);
}

async function find(db: Db, query: TInvoiceFixFindingsQuery) {
  const [{ rows: groups }, total] = await Promise.all([
    sql<{ member_mid: string; year: number }>`
      SELECT member_mid, year FROM (${billedTwice}) b ORDER BY member_mid, year
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    count(db),
  ]);
  if (groups.length === 0) return { count: total, findings: [] };
  const { rows } = await sql<{ iid: string }>`
    SELECT i.iid FROM invoices i
      JOIN unnest(${groups.map((g) => g.member_mid)}::text[], ${groups.map((g) => g.year)}::int[])
           AS g(member_mid, year) ON i.member_mid = g.member_mid AND i.year = g.year
     WHERE i.kind = 'membership' AND i.status <> 'void'
     ORDER BY i.number`.execute(db);
  const invoices = await loadInvoices(
    db,
    rows.map((row) => row.iid),
  );
  const findings = groups.flatMap((g) => {
    const group = invoices.filter((i) => i.member?.mid === g.member_mid && i.year === g.year);
    if (group.length < 2) return [];
    const number = group[0]?.member?.number ?? g.member_mid;
    return [toDuplicateFinding(`${number} · ${g.year}`, group, 'billing')];
  });
  return { count: total, findings };
}

/** The numbers of the member's other membership invoices (not void) of the same year. */
async function othersOfTheSameMemberAndYear(trx: Trx, invoice: RecordRow<'invoices'>) {
  if (invoice.kind !== 'membership' || !invoice.member_mid) return [];
  const rows = await trx
    .selectFrom('invoices')
    .select('number')
    .where('member_mid', '=', invoice.member_mid)
    .where('year', '=', invoice.year)
    .where('kind', '=', 'membership')
    .where('status', '<>', 'void')
    .where('iid', '<>', invoice.iid)
    .orderBy('number')
    .execute();
  return rows.map((row) => row.number);
}

export const duplicateBillingFix: InvoiceFixOperations<'duplicate-billing'> = {
  count,
  find,
  repair: voidDuplicateRepair('duplicate-billing', {
    sharing: 'member and year',
    othersOf: othersOfTheSameMemberAndYear,
  }),
};
