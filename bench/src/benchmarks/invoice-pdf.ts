import pino from 'pino';
import { sql } from 'kysely';
import { openDatabase } from '../../../apps/server/src/db/database';
import {
  loadInvoicePdfData,
  planQrBill,
  renderInvoicePdfFromData,
} from '../../../apps/server/src/invoices/pdf';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { startServer } from '../lib/processes';
import { median, percentile } from '../lib/stats';

/** Invoices rendered per run; INVOICE_PDF_BENCH_COUNT overrides it. */
const invoiceCount = Number(process.env.INVOICE_PDF_BENCH_COUNT ?? 200);
const warmUp = 10;

/**
 * The demo data set (1,000 members, about 3,000 invoices in CHF, EUR and USD) in a DATA_DIR of
 * this invocation, seeded by the server's first start; shared by the invoice PDF benchmarks.
 */
export function invoiceDemoDataDir(context: BenchmarkContext): Promise<string> {
  return context.shared('invoice-demo-data-dir', async () => {
    const dataDir = context.newDataDir('invoice-demo');
    const server = await startServer({ dataDir, seed: 'demo' });
    await server.stop();
    return dataDir;
  });
}

export const invoicePdf: Benchmark = {
  name: 'invoice-pdf',
  measures:
    `Generating the PDF of ${invoiceCount} demo invoices one after the other (a mix of CHF and ` +
    'EUR with a Swiss QR-bill and USD with bank details only, issued, paid and void, some with ' +
    'names that need the embedded DejaVu font), in the process, from reading the invoice, its ' +
    'member and bank account in PostgreSQL to the last byte of the PDF; one sample per invoice, ' +
    `after ${warmUp} warm-up renders.`,
  unit: 'ms',
  target: 50,
  dataSize: `${invoiceCount} invoices`,
  runs: 1,
  async run(context) {
    const dataDir = await invoiceDemoDataDir(context);
    const server = await startServer({ dataDir, seed: 'none' });
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir,
      role: 'cli',
      logger: pino({ level: 'silent' }),
      poolSize: 2,
    });
    try {
      // Half of them issued (CHF and EUR ones carry a QR-bill), half any invoice of the set.
      const pick = (isIssued: boolean, count: number) =>
        database.db
          .selectFrom('invoices')
          .select(['iid', 'currency', 'status'])
          .where('status', isIssued ? '=' : '<>', 'issued')
          .orderBy(sql`md5(iid)`)
          .limit(count)
          .execute();
      const half = Math.ceil((invoiceCount + warmUp) / 2);
      const rows = [...(await pick(true, half)), ...(await pick(false, half))].sort((a, b) =>
        a.iid.localeCompare(b.iid),
      );
      if (rows.length < invoiceCount + warmUp) {
        throw new Error(`the demo data has only ${rows.length} invoices`);
      }
      const samples: number[] = [];
      let bytes = 0;
      let withQrBill = 0;
      for (const [index, row] of rows.slice(0, invoiceCount + warmUp).entries()) {
        const startedAt = performance.now();
        const data = await loadInvoicePdfData(database.db, row.iid);
        const pdf = await renderInvoicePdfFromData(data);
        const elapsed = performance.now() - startedAt;
        if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
          throw new Error(`invoice ${row.iid}: not a PDF`);
        }
        if (index < warmUp) continue;
        samples.push(elapsed);
        bytes += pdf.length;
        if (planQrBill(data).kind === 'qr-bill') withQrBill++;
      }
      const byCurrency: Record<string, number> = {};
      for (const row of rows.slice(warmUp, invoiceCount + warmUp)) {
        byCurrency[row.currency] = (byCurrency[row.currency] ?? 0) + 1;
      }
      context.log(
        `${samples.length} invoices: p50 ${median(samples).toFixed(1)} ms, p95 ${percentile(samples, 0.95).toFixed(1)} ms, ` +
          `max ${Math.max(...samples).toFixed(1)} ms, ${withQrBill} with a QR-bill, average ${Math.round(bytes / samples.length / 1024)} KB`,
      );
      return {
        samples,
        details: {
          invoices: samples.length,
          withQrBill,
          byCurrency,
          averageBytes: Math.round(bytes / samples.length),
          p50Ms: Number(median(samples).toFixed(2)),
          p95Ms: Number(percentile(samples, 0.95).toFixed(2)),
          maxMs: Number(Math.max(...samples).toFixed(2)),
        },
      };
    } finally {
      await database.close();
      await server.stop();
    }
  },
};
