import { sql, type Kysely } from 'kysely';
import { buildCamtXml, type CamtBuildTransaction } from '../bank-statements';
import type { Database } from '../db/schema';
import { clock } from '../lib/clock';
import { statementAccountIban } from './bank-file';
import { dayOf, demoCalendar, isoDate } from './demo-plan';
import { demoBankReference, demoEarlierStatement, demoPayerIban } from './money-rows';

export { demoBankSampleExpectation, demoBankSamplePath } from './bank-sample-expectation';

type OpenInvoice = {
  iid: string;
  number: string;
  member_mid: string;
  member_number: string;
  legal_name: string;
  balance_minor: string;
  payment_reference: string | null;
};

/**
 * A camt.054 (version 001.08, as Swiss banks send for QR-bill credits) for the demo data, so that
 * a newcomer can try the import at once. Its twelve transactions show every road:
 * - a batch booking of six QR-bill payments: three exact, one CHF 5.00 short (bank charges,
 *   within the tolerance), one half (partially paid), one CHF 20.00 over (member credit);
 * - a payment naming an invoice number in its text;
 * - a payment without reference from a payer whose IBAN the earlier statement made known, of the
 *   amount of that member's open invoice (suggested);
 * - two that match nothing (a donation, a foreign creditor reference);
 * - one the earlier statement already reported (a duplicate);
 * - a debit (the bank's fees), listed and never booked.
 * Generated from the demo data (`npm run ops -- seed bank-sample`), which is deterministic: its
 * year is the demo's current year (from the day the demo was loaded, as its seed record says), its
 * booking day `options.day`, by default yesterday at headquarters (a bank reports a day's credits
 * the morning after).
 */
export async function buildDemoBankSample(
  db: Kysely<Database>,
  options: { day?: string } = {},
): Promise<string> {
  const sampleDay = options.day ?? isoDate(dayOf(clock.today()) - 1);
  const seedRecord = await db
    .selectFrom('audit_log')
    .select(sql<string | null>`after ->> 'referenceDate'`.as('referenceDate'))
    .where('table_name', '=', 'members')
    .where('record_id', '=', 'demo-data-set')
    .where('action', '=', 'seed-demo')
    .executeTakeFirst();
  if (!seedRecord?.referenceDate) {
    throw new Error('The database holds no demo data: seed the demo first.');
  }
  const { currentYear } = demoCalendar(seedRecord.referenceDate);
  const earlierStatement = demoEarlierStatement(currentYear);
  const accountIban = await statementAccountIban(db);
  const known = await db
    .selectFrom('bank_entries as e')
    .innerJoin('members as m', 'm.mid', 'e.member_mid')
    .select([
      'e.member_mid',
      'e.payer_iban',
      'e.account_servicer_reference',
      'e.amount_minor',
      'e.payer_name',
      'm.number',
    ])
    .where('e.state', '=', 'booked')
    .orderBy('e.entry_position')
    .orderBy('e.transaction_position')
    .execute();
  const knownMids = known.map((row) => row.member_mid ?? '');
  // This year's open CHF invoices nobody has paid anything of, in a stable order.
  const open = await sql<OpenInvoice>`
    SELECT i.iid, i.number, i.member_mid, m.number AS member_number, m.legal_name,
           i.balance_minor, i.payment_reference
      FROM invoices i JOIN members m ON m.mid = i.member_mid
     WHERE i.status = 'issued' AND i.currency = 'CHF' AND i.paid_minor = 0
       AND i.year = ${currentYear} AND i.balance_minor >= 50000 AND i.payment_reference IS NOT NULL
     ORDER BY md5('sample' || i.iid)`.execute(db);
  const unknownPayers = open.rows.filter((row) => !knownMids.includes(row.member_mid));
  const qr = unknownPayers.slice(0, 6);
  const byNumber = unknownPayers[6];
  const knownPayer = known.find((row) =>
    open.rows.some((invoice) => invoice.member_mid === row.member_mid),
  );
  const knownInvoice = open.rows.find((invoice) => invoice.member_mid === knownPayer?.member_mid);
  const duplicate = known[0];
  if (qr.length < 6 || !byNumber || !knownPayer || !knownInvoice || !duplicate) {
    throw new Error('The demo data lacks the invoices the sample needs: seed the demo first.');
  }

  const payment = (invoice: OpenInvoice, amountMinor: number, index: number) =>
    ({
      accountServicerReference: `SAMPLE-${sampleDay}-QR-${index + 1}`,
      endToEndId: `E2E-${invoice.number}`,
      amountMinor,
      structuredReference: invoice.payment_reference ?? undefined,
      payerName: invoice.legal_name,
      payerIban: demoPayerIban(invoice.member_number),
    }) satisfies CamtBuildTransaction;
  const balance = (invoice: OpenInvoice) => Number(invoice.balance_minor);
  const [a, b, c, short, half, over] = qr as [
    OpenInvoice,
    OpenInvoice,
    OpenInvoice,
    OpenInvoice,
    OpenInvoice,
    OpenInvoice,
  ];
  const single = (
    reference: string,
    transaction: CamtBuildTransaction,
    direction: 'credit' | 'debit' = 'credit',
  ) => ({
    accountServicerReference: reference,
    direction,
    bookingDate: sampleDay,
    currency: 'CHF',
    transactions: [transaction],
  });

  return buildCamtXml({
    kind: 'camt.054',
    version: '001.08',
    messageId: `DEMO-CAMT054-${sampleDay}`,
    createdAt: `${sampleDay}T18:00:00+01:00`,
    statements: [
      {
        id: `DEMO-NTFCTN-${sampleDay}`,
        iban: accountIban,
        currency: 'CHF',
        fromDate: sampleDay,
        toDate: sampleDay,
        entries: [
          {
            accountServicerReference: `SAMPLE-${sampleDay}-BATCH`,
            direction: 'credit',
            bookingDate: sampleDay,
            currency: 'CHF',
            additionalInfo: 'QR-bill credits',
            transactions: [
              payment(a, balance(a), 0),
              payment(b, balance(b), 1),
              payment(c, balance(c), 2),
              payment(short, balance(short) - 500, 3),
              payment(half, Math.floor(balance(half) / 2), 4),
              payment(over, balance(over) + 2000, 5),
            ],
          },
          single(`SAMPLE-${sampleDay}-TEXT`, {
            amountMinor: balance(byNumber),
            unstructuredText: `Membership fee, invoice ${byNumber.number}`,
            payerName: byNumber.legal_name,
            payerIban: 'DE89370400440532013000',
          }),
          single(`SAMPLE-${sampleDay}-IBAN`, {
            amountMinor: balance(knownInvoice),
            unstructuredText: `Membership ${currentYear}`,
            payerName: knownPayer.payer_name ?? knownInvoice.legal_name,
            payerIban: knownPayer.payer_iban ?? demoPayerIban(knownPayer.number),
          }),
          single(`SAMPLE-${sampleDay}-GIFT`, {
            amountMinor: 25000,
            unstructuredText: 'Donation to the training fund',
            payerName: 'Friends of Freight Forwarding',
            payerIban: 'CH5604835012345678009',
          }),
          single(`SAMPLE-${sampleDay}-RF`, {
            amountMinor: 48000,
            structuredReference: 'RF18539007547034',
            payerName: 'Nordic Cargo Services AB',
            payerIban: 'SE4550000000058398257466',
          }),
          single(duplicate.account_servicer_reference ?? demoBankReference(''), {
            accountServicerReference: duplicate.account_servicer_reference ?? undefined,
            amountMinor: Number(duplicate.amount_minor),
            payerName: duplicate.payer_name ?? undefined,
            payerIban: duplicate.payer_iban ?? undefined,
            unstructuredText: `Reported again from ${earlierStatement.day}`,
          }),
          single(
            `SAMPLE-${sampleDay}-FEES`,
            { amountMinor: 1200, unstructuredText: 'Account fees February' },
            'debit',
          ),
        ],
      },
    ],
  });
}
