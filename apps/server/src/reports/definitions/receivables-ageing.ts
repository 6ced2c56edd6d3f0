import { ageingBuckets, type TAgeingBucket, type TReportRow } from '@ops/contract/reports';
import { sql } from 'kysely';
import { chfConverter } from '../chf';
import type { ReportDefinition } from '../definition';
import { currencyIs, factsAre, memberDimensions, toNumber } from '../summary';

/**
 * The open balances of issued invoices by days past due, today at headquarters: the summary's
 * `invoice-open` facts (an invoice's balance on its due date, gone once paid), so the total of
 * a currency is exactly the sum of its open invoices' balances. Exactly one row per currency
 * with open invoices and bucket, the empty buckets with zeros, and the CHF equivalent at this
 * month's rate.
 */
export const receivablesAgeing: ReportDefinition = {
  name: 'receivables-ageing',
  period: { kind: 'today' },
  hasMemberFilters: true,
  hasCurrencyFilter: true,
  columns: () => [
    { key: 'currency', label: 'Currency', type: 'currency' },
    { key: 'bucket', label: 'Days past due', type: 'text' },
    { key: 'invoices', label: 'Invoices', type: 'integer' },
    {
      key: 'amountMinor',
      label: 'Open balance',
      type: 'money',
      currencyKey: 'currency',
    },
    { key: 'chfMinor', label: 'Open balance (CHF)', type: 'money' },
    { key: 'rateMonth', label: 'Rate of', type: 'month' },
  ],
  async run(db, filters, context) {
    const today = context.today;
    const { rows } = await sql<{
      currency: string;
      bucket: TAgeingBucket;
      invoices: string;
      amount: string;
    }>`
      SELECT rc.currency,
             CASE WHEN rc.day >= ${today}::date THEN 'current'
                  WHEN rc.day >= ${today}::date - 30 THEN '1-30'
                  WHEN rc.day >= ${today}::date - 60 THEN '31-60'
                  WHEN rc.day >= ${today}::date - 90 THEN '61-90'
                  ELSE '90+' END AS bucket,
             sum(rc.n) AS invoices, sum(rc.amount_minor) AS amount
        FROM report_counts rc
       WHERE ${factsAre(['invoice-open'])}
         ${memberDimensions(filters)}
         ${currencyIs(filters, 'rc.currency')}
       GROUP BY 1, 2`.execute(db);

    const figures = new Map(rows.map((row) => [`${row.currency} ${row.bucket}`, row]));
    // Summary rows stay at zero once their invoices are paid: a currency shows when some are open.
    const currencies = [
      ...new Set(rows.filter((row) => toNumber(row.invoices) > 0).map((row) => row.currency)),
    ].sort();
    const chf = chfConverter(await context.chfRates());
    const result: TReportRow[] = [];
    for (const currency of currencies) {
      for (const bucket of ageingBuckets) {
        const figure = figures.get(`${currency} ${bucket}`);
        const amountMinor = toNumber(figure?.amount);
        const equivalent =
          amountMinor === 0
            ? chf.rateOf(currency, today)
            : chf.convert(amountMinor, currency, today);
        result.push({
          currency,
          bucket,
          invoices: toNumber(figure?.invoices),
          amountMinor,
          chfMinor: amountMinor === 0 ? 0 : (equivalent?.chfMinor ?? null),
          rateMonth: equivalent?.rateMonth ?? null,
        });
      }
    }
    return { rows: result, notes: chf.notes() };
  },
};
