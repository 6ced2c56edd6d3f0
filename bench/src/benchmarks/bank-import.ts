import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { currentRss, peakRss, uploadMemoryTarget } from '../lib/csv-upload';
import { addOperator, runOps, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { seededDataDir, seedScale } from './seed';
import { clock } from '../../../apps/server/src/lib/clock';

/** Credit transactions of the file; BENCH_BANK_ENTRIES makes a smaller run to try it out. */
const entryCount = Number(process.env.BENCH_BANK_ENTRIES ?? 10_000);
const batchSize = 50;
const matchingPercent = 95;
const operatorEmail = 'bench-bank-import@ops.demo.example';
const operatorPassword = 'bench bank import password 2026';

type ImportRun = { elapsedMs: number; peakRssBytes: number; details: Record<string, unknown> };

/**
 * One import of a 10,000-payment camt.054 through the HTTP API, as the browser sends it: the
 * raw XML in one request, timed until the report is back. The file pays open invoices of the
 * 100,000-member database by their QR reference (95 %) in batch bookings of 50; the rest match
 * nothing. A fresh server on the seeded database, so its peak memory is the import's alone.
 */
async function runImport(context: BenchmarkContext): Promise<ImportRun> {
  const seeded = await seededDataDir(context);
  const file = path.join(path.dirname(seeded.dataDir), 'bank-import-bench.xml');
  const day = clock.today(); // headquarters' day, as the product's
  const generated = await runOps(
    [
      'seed',
      'bank-file',
      '--out',
      file,
      '--entries',
      String(entryCount),
      '--batch',
      String(batchSize),
      '--matching',
      String(matchingPercent),
      '--day',
      day,
    ],
    seeded.dataDir,
    300_000,
  );
  context.log(`bank file: ${generated.trim().split('\n').pop() ?? ''}`);
  const xml = await readFile(file);
  const server = await startServer({ dataDir: seeded.dataDir, seed: 'none' });
  try {
    await addOperator(seeded.dataDir, operatorEmail, operatorPassword);
    const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('the server has no pid');
    const rssBefore = currentRss(pid);
    const startedAt = performance.now();
    const response = await fetch(
      `${server.url}/api/bank-statements/imports?fileName=bank-import-bench.xml`,
      {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/xml' },
        body: xml,
      },
    );
    const report = (await response.json()) as Record<string, unknown>;
    const elapsedMs = performance.now() - startedAt;
    if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(report)}`);
    const peak = peakRss(pid);
    context.log(
      `imported in ${(elapsedMs / 1000).toFixed(1)} s, server peak RSS ${(peak / 1e6).toFixed(0)} MB ` +
        `(before ${(rssBefore / 1e6).toFixed(0)} MB): ${JSON.stringify(report.counts)}`,
    );
    return {
      elapsedMs,
      peakRssBytes: peak,
      details: {
        entries: entryCount,
        batchSize,
        matchingPercent,
        fileBytes: xml.length,
        serverRssBeforeBytes: rssBefore,
        serverPeakRssBytes: peak,
        counts: report.counts,
        byRule: report.byRule,
      },
    };
  } finally {
    await server.stop();
  }
}

function sharedImport(context: BenchmarkContext) {
  return context.shared('bank-import', () => runImport(context));
}

export const bankImport100k: Benchmark = {
  name: 'bank-import-100k',
  measures:
    `A camt.054 of ${entryCount.toLocaleString('en')} credit transactions (batch bookings of ` +
    `${batchSize}, ${matchingPercent} % paying open invoices by QR reference) imported through ` +
    `the HTTP API into the ${seedScale.toLocaleString('en')}-member database: from the upload ` +
    'to the report (parsed, matched, booked through the booking engine, audited), one run.',
  unit: 'ms',
  target: 10_000,
  dataSize: `${entryCount.toLocaleString('en')} payments, ${seedScale.toLocaleString('en')} members`,
  runs: 1,
  async run(context) {
    const run = await sharedImport(context);
    return { samples: [run.elapsedMs], details: run.details };
  },
};

export const bankImport100kMemory: Benchmark = {
  name: 'bank-import-100k-memory',
  measures:
    'The peak resident memory (VmHWM) of the server process that imported the bank file of ' +
    'bank-import-100k, started fresh on the seeded database.',
  unit: 'bytes',
  target: uploadMemoryTarget,
  dataSize: `${entryCount.toLocaleString('en')} payments, ${seedScale.toLocaleString('en')} members`,
  runs: 1,
  async run(context) {
    const run = await sharedImport(context);
    return { samples: [run.peakRssBytes], details: run.details };
  },
};
