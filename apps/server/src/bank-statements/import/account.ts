import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BankAccountsTable, Database } from '../../db/schema';
import { badInput } from '../../errors';
import type { ParsedStatement } from '../camt/types';

type Db = Kysely<Database> | Transaction<Database>;
export type BankAccountRow = Selectable<BankAccountsTable>;

/** An IBAN as banks and people write it, compared without spaces and in upper case. */
export function normalIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** How the file names the statement's account: its IBAN, else its other id. */
export function accountNameOf(statement: ParsedStatement): string {
  return statement.accountIban ?? statement.accountOtherId ?? '(no account id)';
}

/**
 * Our bank account of each statement, known by its IBAN or its QR-IBAN (banks report QR-bill
 * credits under the QR-IBAN). A statement of any other account refuses the whole file, naming
 * the IBAN, before anything is written: a file is imported whole or not at all.
 */
export async function accountsOfStatements(
  db: Db,
  statements: readonly ParsedStatement[],
): Promise<BankAccountRow[]> {
  const accounts = await db.selectFrom('bank_accounts').selectAll().execute();
  const byIban = new Map<string, BankAccountRow>();
  for (const account of accounts) {
    byIban.set(normalIban(account.iban), account);
    if (account.qr_iban) byIban.set(normalIban(account.qr_iban), account);
  }
  return statements.map((statement) => {
    const named = statement.accountIban ?? statement.accountOtherId;
    const account = named === null ? undefined : byIban.get(normalIban(named));
    if (!account) {
      throw badInput(
        'file',
        'exists',
        `Statement ${statement.statementId} is for the account ${accountNameOf(statement)}, which is not one of our bank accounts (Settings → Bank accounts: its IBAN or QR-IBAN). Nothing was imported.`,
      );
    }
    return account;
  });
}
