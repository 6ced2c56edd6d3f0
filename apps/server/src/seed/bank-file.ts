import { sql, type Kysely } from 'kysely';
import { buildCamtXml, type CamtBuildEntry, type CamtBuildTransaction } from '../bank-statements';
import type { Database } from '../db/schema';
import { demoPayerIban } from './money-rows';

/**
 * The account a demo bank file is the statement of: the default active CHF account (else the
 * first by label), by its QR-IBAN where it has one, as the bank names it in a camt.054.
 */
export async function statementAccountIban(db: Kysely<Database>): Promise<string> {
  const account = await db
    .selectFrom('bank_accounts')
    .select(['iban', 'qr_iban'])
    .where('currency', '=', 'CHF')
    .where('active', '=', true)
    .orderBy('is_default', 'desc')
    .orderBy('label')
    .executeTakeFirstOrThrow();
  return account.qr_iban ?? account.iban;
}

export type BankFileOptions = {
  /** Credit transactions in the file. */
  entries: number;
  /** Share of them paying an open invoice by its reference (the rest match nothing). */
  matching: number;
  /** Transactions per batch booking (QR payments arrive as batches). */
  batchSize: number;
  /** The day the payments arrived; also makes the bank's references unique per file. */
  day: string;
};

/**
 * A large camt.054 for the benchmark (`npm run ops -- seed bank-file`): payments of this
 * database's open invoices by their payment reference, of their exact balance, in batch
 * bookings, plus payments that match nothing. Invoices are taken in a stable order, each once;
 * when there are not enough open ones, paid invoices follow (a second payment: member credit).
 */
export async function buildBankFile(
  db: Kysely<Database>,
  options: BankFileOptions,
): Promise<{ xml: string; matching: number; unmatched: number }> {
  const wanted = Math.round(options.entries * options.matching);
  const accountIban = await statementAccountIban(db);
  const invoices = await sql<{
    number: string;
    payment_reference: string;
    balance_minor: string;
    total_minor: string;
    member_number: string;
    legal_name: string;
  }>`
    SELECT i.number, i.payment_reference, i.balance_minor, i.total_minor,
           m.number AS member_number, m.legal_name
      FROM invoices i JOIN members m ON m.mid = i.member_mid
     WHERE i.currency = 'CHF' AND i.payment_reference IS NOT NULL
       AND i.status IN ('issued', 'paid') AND i.total_minor > 0
     ORDER BY i.status = 'paid', md5(i.iid)
     LIMIT ${wanted}`.execute(db);
  const compactDay = options.day.replaceAll('-', '');
  const transactions: CamtBuildTransaction[] = [];
  invoices.rows.forEach((invoice, index) => {
    const balance = Number(invoice.balance_minor);
    transactions.push({
      accountServicerReference: `BENCH-${compactDay}-${index + 1}`,
      amountMinor: balance > 0 ? balance : Number(invoice.total_minor),
      structuredReference: invoice.payment_reference,
      payerName: invoice.legal_name,
      payerIban: demoPayerIban(invoice.member_number),
    });
  });
  const unmatched = options.entries - transactions.length;
  for (let index = 0; index < unmatched; index++) {
    transactions.push({
      accountServicerReference: `BENCH-${compactDay}-U${index + 1}`,
      amountMinor: 10_000 + index,
      unstructuredText: `Gift ${index + 1} to the federation`,
      payerName: `Donor ${index + 1}`,
    });
  }
  const entries: CamtBuildEntry[] = [];
  for (let start = 0; start < transactions.length; start += options.batchSize) {
    entries.push({
      accountServicerReference: `BENCH-${compactDay}-BATCH-${entries.length + 1}`,
      direction: 'credit',
      bookingDate: options.day,
      currency: 'CHF',
      transactions: transactions.slice(start, start + options.batchSize),
    });
  }
  const xml = buildCamtXml({
    kind: 'camt.054',
    version: '001.08',
    messageId: `BENCH-CAMT054-${compactDay}`,
    createdAt: `${options.day}T18:00:00+01:00`,
    statements: [
      {
        id: `BENCH-NTFCTN-${compactDay}`,
        iban: accountIban,
        currency: 'CHF',
        fromDate: options.day,
        toDate: options.day,
        entries,
      },
    ],
  });
  return { xml, matching: invoices.rows.length, unmatched };
}
