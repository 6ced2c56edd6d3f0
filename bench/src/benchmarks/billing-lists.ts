import type { Benchmark } from '../lib/benchmark';
import { bothWays, walkListViews, type ListViews } from '../lib/list-walk';
import { addOperator, runOps, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { seededDataDir, seedScale } from './seed';

const operatorEmail = 'bench-billing@ops.demo.example';
const operatorPassword = 'bench billing password 2026';
const pagesDeep = 20;
/** The scale the standards name for invoices. */
export const invoiceScale = 1_000_000;

/** The billing lists with the views their screens offer. */
const lists: ListViews[] = [
  {
    path: '/api/invoices',
    views: [
      '',
      ...bothWays([
        'number',
        'issueDate',
        'dueDate',
        'total',
        'status',
        'kind',
        'year',
        'currency',
        'source',
        'paidAt',
        'balance',
      ]),
      'status=issued',
      'partial=true',
      'partial=true&sort=-balance',
      'status=issued&sort=-balance',
      'status=uncollectible,void&sort=-issueDate',
      'overdue=true',
      'overdue=true&sort=dueDate',
      'overdue=true&sort=-total',
      // Issue 32: the postal reminders still to post, through their partial index (0054).
      'needsLetter=true',
      'needsLetter=true&sort=dueDate',
      'kind=licence,application',
      'year=2024..2026&sort=-total',
      'currency=USD&sort=-paidAt',
      'source=manual',
      'source=csv-import&sort=-issueDate',
      'issueDate=2025-01-01..2025-01-31',
      'dueDate=..2025-06-30&sort=dueDate',
      'issueDate=(empty)',
      'q=2025-00',
      'q=logistics',
      'q=freight&sort=-total',
    ],
  },
  {
    path: '/api/payments',
    views: [
      '',
      ...bothWays(['created', 'amountDue', 'dueDate', 'status']),
      'status=paid',
      'status=open,uncollectible&sort=dueDate',
      'currency=EUR&sort=-amountDue',
      'linked=no',
      'linked=yes&sort=-created',
      'created=2026-01-01..2026-01-31',
      'dueDate=..2026-02-15&sort=dueDate',
      'q=logistics',
    ],
  },
  {
    path: '/api/emails',
    views: [
      '',
      ...bothWays(['createdAt', 'state', 'to', 'attempts']),
      'state=ERROR',
      'state=PENDING,RETRY&sort=-attempts',
      'kind=invoice-issued',
      'kind=sign-in-link&state=ERROR',
      'createdAt=2025-01-01..2025-06-30',
      'relatedTable=invoices&sort=-createdAt',
      'q=invoice',
      'q=gmail',
    ],
  },
];

/**
 * The seed-100k database with earlier years' paid invoices added (`seed invoice-history`) until
 * it holds a million invoices; shared by the benchmarks of this invocation that need that scale.
 */
export function millionInvoiceDataDir(context: Parameters<Benchmark['run']>[0]) {
  return context.shared('million-invoices', async () => {
    const seeded = await seededDataDir(context);
    context.log(`adding earlier years' invoices up to ${invoiceScale.toLocaleString('en')}`);
    const startedAt = performance.now();
    const output = await runOps(
      ['seed', 'invoice-history', '--total', String(invoiceScale)],
      seeded.dataDir,
      20 * 60_000,
    );
    context.log(`invoice history added in ${Math.round((performance.now() - startedAt) / 1000)} s`);
    return { dataDir: seeded.dataDir, report: output.slice(output.indexOf('{')) };
  });
}

export const billingLists1m: Benchmark = {
  name: 'billing-lists-1m',
  measures:
    `The invoices, card payments and e-mail lists on the ${seedScale.toLocaleString('en')}-member ` +
    `database of seed-100k grown to ${invoiceScale.toLocaleString('en')} invoices ` +
    '(`seed invoice-history`): every view its screen offers (each sortable column both ways, the ' +
    `filters, a search), the first page and then up to ${pagesDeep} pages deep along the cursor, ` +
    '50 rows a page; one sample per request, round trip over loopback HTTP (the total included: ' +
    'counted up to 10,000 rows on first pages, estimated otherwise), after a warm-up pass.',
  unit: 'ms',
  target: 30,
  dataSize: `${invoiceScale.toLocaleString('en')} invoices`,
  runs: lists.reduce((sum, list) => sum + list.views.length, 0) * (pagesDeep + 1),
  async run(context) {
    const { dataDir, report } = await millionInvoiceDataDir(context);
    const server = await startServer({ dataDir, seed: 'none' });
    try {
      await addOperator(dataDir, operatorEmail, operatorPassword);
      const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
      const { samples, byList, slowestViews } = await walkListViews({
        url: server.url,
        cookie,
        lists,
        pagesDeep,
        log: context.log,
      });
      return { samples, details: { byList, slowestViews, invoiceHistory: report } };
    } finally {
      await server.stop();
    }
  },
};
