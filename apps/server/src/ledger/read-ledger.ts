import type { TMemberLedger, TMemberOpenBalance } from '@ops/contract';
import { sql } from 'kysely';
import { composeLedger } from './ledger-lines';
import {
  readLedgerInvoices,
  readLedgerMovements,
  requireLedgerMember,
  type Db,
} from './ledger-rows';

/** The member's ledger (404 for an unknown member), all currencies or one. */
export async function getMemberLedger(
  db: Db,
  mid: string,
  options: { currency?: string } = {},
): Promise<TMemberLedger> {
  await requireLedgerMember(db, mid);
  const [invoices, movements] = await Promise.all([
    readLedgerInvoices(db, mid, options.currency),
    readLedgerMovements(db, mid, options.currency),
  ]);
  return { mid, currencies: composeLedger(invoices, movements) };
}

/**
 * Per currency in which the member has money open: what its issued invoices still ask for and
 * its credit (the member's overview). One statement over the two indexes by member.
 */
export async function memberOpenBalances(db: Db, mid: string): Promise<TMemberOpenBalance[]> {
  const result = await sql<{ currency: string; balance: string; credit: string }>`
    SELECT currency, sum(balance)::text AS balance, sum(credit)::text AS credit
      FROM (SELECT trim(currency) AS currency, balance_minor AS balance, 0::bigint AS credit
              FROM invoices
             WHERE member_mid = ${mid} AND status = 'issued' AND balance_minor <> 0
            UNION ALL
            SELECT trim(currency), 0::bigint, credit_minor
              FROM money_movements
             WHERE member_mid = ${mid} AND credit_minor <> 0) AS money
     GROUP BY currency
    HAVING sum(balance) <> 0 OR sum(credit) <> 0
     ORDER BY currency`.execute(db);
  return result.rows.map((row) => ({
    currency: row.currency,
    balanceMinor: row.balance,
    creditMinor: row.credit,
  }));
}
