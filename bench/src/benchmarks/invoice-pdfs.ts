import { invoicePdfUploadConcurrency } from '@ops/contract';
import { sql } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../../../apps/server/src/db/database';
import type { Benchmark } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { invoiceDemoDataDir } from './invoice-pdf';

/** Files per run; INVOICE_PDFS_BENCH_COUNT overrides it (a small run proves the wiring). */
const fileCount = Number(process.env.INVOICE_PDFS_BENCH_COUNT ?? 1_000);
const fileBytes = 100 * 1024;
const operatorEmail = 'bench-invoice-pdfs@ops.demo.example';
const operatorPassword = 'bench invoice pdfs 2026';

/** A 100 KB PDF as a scanner writes one: header, an image-like stream of noise, trailer, %%EOF. */
function scannedPdf(number: string, seed: number): Buffer {
  const head = Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n` +
      `% invoice ${number}\n3 0 obj\n<< /Length ${fileBytes} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const body = Buffer.alloc(fileBytes - head.length - tail.length);
  let state = seed * 2_654_435_761 + 1;
  for (let i = 0; i < body.length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    body[i] = state >>> 24;
  }
  return Buffer.concat([head, body, tail]);
}

export const invoicePdfsUpload: Benchmark = {
  name: 'invoice-pdfs-upload',
  measures:
    `${fileCount.toLocaleString('en')} PDF files of 100 KB, each named after a demo invoice, ` +
    'uploaded as the browser does against the production server: one POST of the names to ' +
    'match them, then one multipart request per file, ' +
    `${invoicePdfUploadConcurrency} at a time, each stored and attached in its own ` +
    'transaction (bytes, the invoice, the audit entry); from the first request to the last ' +
    'answer. The run fails unless every file was attached.',
  unit: 'ms',
  target: 30_000,
  dataSize: `${fileCount.toLocaleString('en')} files of 100 KB`,
  runs: 1,
  async run(context) {
    const dataDir = await invoiceDemoDataDir(context);
    const server = await startServer({ dataDir, seed: 'none' });
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir,
      role: 'cli',
      logger: pino({ level: 'silent' }),
      poolSize: 1,
    });
    try {
      await addOperator(dataDir, operatorEmail, operatorPassword);
      const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
      const invoices = await database.db
        .selectFrom('invoices as i')
        .leftJoin('invoice_files as f', 'f.iid', 'i.iid')
        .select(['i.iid', 'i.number'])
        .where('f.iid', 'is', null)
        .orderBy(sql`md5(i.iid)`)
        .limit(fileCount)
        .execute();
      if (invoices.length < fileCount) {
        throw new Error(`only ${invoices.length} demo invoices have no PDF yet`);
      }
      const files = invoices.map((invoice, index) => ({
        name: index % 2 ? `${invoice.number}.pdf` : `Invoice ${invoice.number} scan.pdf`,
        bytes: scannedPdf(invoice.number, index),
      }));
      context.log(`${files.length} files, ${((files.length * fileBytes) / 1e6).toFixed(0)} MB`);

      const startedAt = performance.now();
      const matchResponse = await fetch(`${server.url}/api/invoices/pdfs/match`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ fileNames: files.map((file) => file.name) }),
      });
      const { matches } = (await matchResponse.json()) as { matches: { iid: string | null }[] };
      if (!matchResponse.ok || matches.some((match) => !match.iid)) {
        throw new Error(`match: ${matchResponse.status}, not every name matched`);
      }
      const requestMs: number[] = [];
      let next = 0;
      let done = 0;
      const worker = async () => {
        while (next < files.length) {
          const file = files[next++] as (typeof files)[number];
          const form = new FormData();
          form.append(
            'file',
            new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }),
            file.name,
          );
          const sentAt = performance.now();
          const response = await fetch(`${server.url}/api/invoices/pdfs`, {
            method: 'POST',
            headers: { cookie, origin: server.url },
            body: form,
          });
          const body = await response.text();
          if (response.status !== 201) throw new Error(`${file.name}: ${response.status} ${body}`);
          requestMs.push(performance.now() - sentAt);
          done++;
          if (done % 250 === 0) {
            context.log(`${done} files in ${formatDuration(performance.now() - startedAt)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: invoicePdfUploadConcurrency }, worker));
      const elapsedMs = performance.now() - startedAt;

      const stored = await database.db
        .selectFrom('invoice_files')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where(
          'iid',
          'in',
          invoices.map((invoice) => invoice.iid),
        )
        .executeTakeFirstOrThrow();
      if (Number(stored.count) !== files.length) {
        throw new Error(`${stored.count} of ${files.length} files are stored`);
      }
      const sorted = [...requestMs].sort((a, b) => a - b);
      const filesPerSecond = files.length / (elapsedMs / 1_000);
      context.log(
        `${files.length} files attached in ${formatDuration(elapsedMs)}: ${filesPerSecond.toFixed(0)} files/s, ` +
          `${((files.length * fileBytes) / 1e6 / (elapsedMs / 1_000)).toFixed(1)} MB/s`,
      );
      return {
        samples: [elapsedMs],
        details: {
          files: files.length,
          fileBytes,
          concurrency: invoicePdfUploadConcurrency,
          totalSeconds: Number((elapsedMs / 1_000).toFixed(2)),
          filesPerSecond: Number(filesPerSecond.toFixed(1)),
          requestP50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
          requestP95Ms: Math.round(sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0),
        },
      };
    } finally {
      await database.close();
      await server.stop();
    }
  },
};
