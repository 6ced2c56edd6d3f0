import pino from 'pino';
import { sql } from 'kysely';
import { openDatabase } from '../../../apps/server/src/db/database';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { currentRss, peakRss, uploadMemoryTarget } from '../lib/csv-upload';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { median } from '../lib/stats';
import { invoiceScale, millionInvoiceDataDir } from './billing-lists';
import { seedScale } from './seed';
import { clock } from '../../../apps/server/src/lib/clock';

/** Invoices arranged to be due for a level; BENCH_DUNNING_DUE makes a smaller run to try it. */
const dueCount = Number(process.env.BENCH_DUNNING_DUE ?? 8_000);
const previewRuns = 5;
const operatorEmail = 'bench-dunning@ops.demo.example';
const operatorPassword = 'bench dunning password 2026';

type DunningRun = {
  previewMs: number[];
  runMs: number;
  peakRssBytes: number;
  details: Record<string, unknown>;
};

/** Headquarters' today plus `offset` days, as the dunning run counts them. */
const day = (offset: number) => {
  const date = new Date(`${clock.today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/**
 * The million-invoice database arranged as a console that has been chasing for a while: every
 * open issued invoice already went through the four levels (the run must walk past them), except
 * `dueCount` whose next level is due today, a quarter each at levels 1 to 4 (the last suspends
 * its member). Then, on a fresh server: the preview `previewRuns` times, and one run that
 * records the notices and queues the e-mails, through the HTTP API as the dialog calls them.
 */
async function runDunningBench(context: BenchmarkContext): Promise<DunningRun> {
  const { dataDir } = await millionInvoiceDataDir(context);
  const asOf = day(0);
  const server = await startServer({ dataDir, seed: 'none' });
  const database = await openDatabase({
    databaseUrl: undefined,
    dataDir,
    role: 'cli',
    logger: pino({ level: 'silent' }),
    poolSize: 2,
  });
  try {
    const arrangeStarted = performance.now();
    // Two statements: a row updated twice within one statement keeps only the first change.
    const chased = await sql`
      UPDATE invoices SET dunning_level = 4, dunning_level_on = due_date + 90
       WHERE status = 'issued' AND balance_minor > 0 AND due_date IS NOT NULL
    `.execute(database.db);
    const due = await sql`
      UPDATE invoices i
         SET dunning_level = p.k % 4,
             due_date = ${asOf}::date - (ARRAY[10, 30, 60, 90])[p.k % 4 + 1] - p.k % 50,
             dunning_level_on = CASE WHEN p.k % 4 = 0 THEN NULL ELSE ${asOf}::date - 30 END
        FROM (SELECT iid, (row_number() OVER (ORDER BY iid) - 1)::int AS k
                FROM invoices
               WHERE status = 'issued' AND balance_minor > 0 AND due_date IS NOT NULL
               ORDER BY iid LIMIT ${dueCount}) p
       WHERE i.iid = p.iid
    `.execute(database.db);
    const arranged = [
      { open: String(chased.numAffectedRows ?? 0), due: String(due.numAffectedRows ?? 0) },
    ];
    await sql`ANALYZE invoices`.execute(database.db);
    context.log(
      `arranged in ${Math.round((performance.now() - arrangeStarted) / 1000)} s: ` +
        `${arranged[0]?.open ?? 0} open issued invoices, ${arranged[0]?.due ?? 0} due for a level`,
    );

    await addOperator(dataDir, operatorEmail, operatorPassword);
    const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('the server has no pid');
    const rssBefore = currentRss(pid);

    const previewMs: number[] = [];
    let preview: Record<string, unknown> = {};
    for (let i = 0; i < previewRuns; i++) {
      const startedAt = performance.now();
      const response = await fetch(`${server.url}/api/dunning/preview?asOf=${asOf}`, {
        headers: { cookie },
      });
      preview = (await response.json()) as Record<string, unknown>;
      previewMs.push(performance.now() - startedAt);
      if (!response.ok) throw new Error(`preview: ${response.status} ${JSON.stringify(preview)}`);
    }
    context.log(
      `preview median ${Math.round(median(previewMs))} ms: ${String(preview.itemsTotal)} invoices, ` +
        `skipped ${JSON.stringify(preview.skipped)}`,
    );

    const startedAt = performance.now();
    const response = await fetch(`${server.url}/api/dunning/runs`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ asOf }),
    });
    const report = (await response.json()) as Record<string, unknown>;
    const runMs = performance.now() - startedAt;
    if (!response.ok) throw new Error(`run: ${response.status} ${JSON.stringify(report)}`);
    const peak = peakRss(pid);
    const { levels, skipped, postal, suspended, emailsQueued, itemsTotal } = report;
    context.log(
      `run in ${(runMs / 1000).toFixed(1)} s: ${String(itemsTotal)} notices, ${String(emailsQueued)} ` +
        `e-mails queued, ${String(suspended)} suspended; server peak RSS ${(peak / 1e6).toFixed(0)} MB`,
    );
    return {
      previewMs,
      runMs,
      peakRssBytes: peak,
      details: {
        asOf,
        openIssuedInvoices: Number(arranged[0]?.open ?? 0),
        arrangedDue: Number(arranged[0]?.due ?? 0),
        previewMs,
        report: { levels, skipped, postal, suspended, emailsQueued, itemsTotal },
        serverRssBeforeBytes: rssBefore,
        serverPeakRssBytes: peak,
      },
    };
  } finally {
    await database.close();
    await server.stop();
  }
}

function sharedDunning(context: BenchmarkContext) {
  return context.shared('dunning', () => runDunningBench(context));
}

const dataSize =
  `${dueCount.toLocaleString('en')} invoices due, ${invoiceScale.toLocaleString('en')} invoices, ` +
  `${seedScale.toLocaleString('en')} members`;
const setting =
  `the ${seedScale.toLocaleString('en')}-member database of seed-100k grown to ` +
  `${invoiceScale.toLocaleString('en')} invoices (billing-lists-1m), every open issued invoice ` +
  `already chased through the four levels except ${dueCount.toLocaleString('en')} due for their ` +
  'next one (a quarter each at levels 1–4)';

export const dunning100k: Benchmark = {
  name: 'dunning-100k',
  measures:
    `The dunning preview (GET /api/dunning/preview) on ${setting}: who gets which level, the ` +
    `skip rules, totals per currency and the first 200 rows, over loopback HTTP; ${previewRuns} runs.`,
  unit: 'ms',
  target: 2_000,
  dataSize,
  runs: previewRuns,
  async run(context) {
    const run = await sharedDunning(context);
    return { samples: run.previewMs, details: run.details };
  },
};

export const dunning100kRun: Benchmark = {
  name: 'dunning-100k-run',
  measures:
    `A dunning run by hand (POST /api/dunning/runs) on ${setting}: every notice recorded, its ` +
    'invoice levelled and audited, its e-mail rendered in the member’s language and queued, the ' +
    'last level suspending members, in batches of 500 invoices; one run.',
  unit: 'ms',
  target: 30_000,
  dataSize,
  runs: 1,
  async run(context) {
    const run = await sharedDunning(context);
    return { samples: [run.runMs], details: run.details };
  },
};

export const dunning100kMemory: Benchmark = {
  name: 'dunning-100k-memory',
  measures:
    'The peak resident memory (VmHWM) of the server process that previewed and ran the dunning ' +
    'of dunning-100k, started fresh on that database.',
  unit: 'bytes',
  target: uploadMemoryTarget,
  dataSize,
  runs: 1,
  async run(context) {
    const run = await sharedDunning(context);
    return { samples: [run.peakRssBytes], details: run.details };
  },
};
