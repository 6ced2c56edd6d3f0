import { reportFixture } from '@/lib/testing/report-fixture';

export const ageingFixture = reportFixture('receivables-ageing', {
  columns: [
    { key: 'currency', label: 'Currency', type: 'currency' },
    { key: 'bucket', label: 'Days past due', type: 'text' },
    { key: 'invoices', label: 'Invoices', type: 'integer' },
    { key: 'amountMinor', label: 'Open balance', type: 'money', currencyKey: 'currency' },
    { key: 'chfMinor', label: 'Open balance (CHF)', type: 'money' },
    { key: 'rateMonth', label: 'Rate of', type: 'month' },
  ],
  rows: [
    ['CHF', 'current', 3, 30000, 30000, null],
    ['CHF', '1-30', 1, 12550, 12550, null],
    ['CHF', '31-60', 2, 20000, 20000, null],
    ['CHF', '61-90', 0, 0, 0, null],
    ['CHF', '90+', 1, 5000, 5000, null],
    ['EUR', 'current', 1, 10000, 9400, '2026-11'],
    ['EUR', '1-30', 0, 0, 0, '2026-11'],
    ['EUR', '31-60', 1, 5000, 4700, '2026-11'],
    ['EUR', '61-90', 0, 0, 0, '2026-11'],
    ['EUR', '90+', 0, 0, 0, '2026-11'],
  ].map(([currency, bucket, invoices, amountMinor, chfMinor, rateMonth]) => ({
    currency: currency as string,
    bucket: bucket as string,
    invoices: invoices as number,
    amountMinor: amountMinor as number,
    chfMinor: chfMinor as number,
    rateMonth: rateMonth as string | null,
  })),
  filters: { region: ['europe'], category: ['individual'] },
});
