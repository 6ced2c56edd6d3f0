import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { currentRss, peakRss, runCsvUpload, uploadMemoryTarget } from '../lib/csv-upload';
import { formatDuration } from '../lib/format';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { clock } from '../../../apps/server/src/lib/clock';

/** Rows of the file; BENCH_INVOICE_UPLOAD_ROWS makes a smaller run to try the benchmark out. */
const rowCount = Number(process.env.BENCH_INVOICE_UPLOAD_ROWS ?? 100_000);
const operatorEmail = 'bench-invoice-upload@ops.demo.example';
const operatorPassword = 'bench invoice upload password 2026';

/** Rows paying this year's membership: each issues a certificate (a PDF) after the commit. */
const currentYearPaidRows = 200;

const descriptions = [
  'Membership fee',
  'Cotisation de membre',
  'Mitgliederbeitrag Zürich',
  'FBL licence',
  'Diploma course',
];
const methods = ['bank-transfer', 'card', 'cash', 'other'];

/**
 * The file a federation would upload from its old accounting: semicolons and a BOM as Excel
 * writes them, 16 columns, amounts in major units with decimal commas and apostrophes or
 * decimal points, a third of the rows paid (rule 2 runs for them), a few this year's.
 */
function createFile(memberNumbers: readonly string[], currentYear: number): Buffer {
  const lines = [
    'Invoice number;Member number;Kind;Year;Issue date;Due date;Currency;Description;Amount;Donation;VAT rate;Status;Paid on;Paid amount;Payment method;Payment reference',
  ];
  for (let i = 0; i < rowCount; i++) {
    const member = memberNumbers[i % memberNumbers.length] as string;
    const isCurrentPaid = i < currentYearPaidRows;
    const year = isCurrentPaid ? currentYear : 2000 + (i % 24);
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 27) + 1).padStart(2, '0');
    const francs = 80 + (i % 2_000);
    const cents = String(i % 100).padStart(2, '0');
    const amount =
      i % 3 === 0
        ? `${francs >= 1_000 ? `${Math.floor(francs / 1_000)}'${String(francs % 1_000).padStart(3, '0')}` : francs},${cents}`
        : i % 3 === 1
          ? `${francs}.${cents}`
          : String(francs);
    const kind = i % 10 === 9 ? 'licence' : 'membership';
    const status = isCurrentPaid || i % 3 === 0 ? 'paid' : i % 20 === 7 ? 'void' : 'issued';
    const isPaid = status === 'paid';
    const paidDay = isCurrentPaid ? `${currentYear}-01-02` : `${year}-${month}-${day}`;
    lines.push(
      [
        `IMP-${String(i + 1).padStart(7, '0')}`,
        member,
        kind,
        String(year),
        `${year}-${month}-${day}`,
        i % 4 === 0 ? '' : `${year}-12-31`,
        i % 7 === 0 ? 'EUR' : 'CHF',
        `${descriptions[i % descriptions.length]} ${year}`,
        amount,
        i % 11 === 0 ? '25' : '',
        kind === 'licence' ? '8,1' : '',
        status,
        isPaid ? paidDay : '',
        '',
        isPaid ? (methods[i % methods.length] as string) : '',
        i % 5 === 0 ? `RF18${String(i).padStart(10, '0')}` : '',
      ].join(';'),
    );
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
}

type UploadRun = { elapsedMs: number; peakRssBytes: number; details: Record<string, unknown> };

/** Every live member's number, through the members list (200 a page). */
async function memberNumbers(url: string, cookie: string): Promise<string[]> {
  const numbers: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=200&sort=number${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await fetch(`${url}/api/members?${query}`, { headers: { cookie } });
    const page = (await response.json()) as {
      data: { number: string }[];
      nextCursor: string | null;
    };
    if (!response.ok) throw new Error(`members: ${response.status} ${JSON.stringify(page)}`);
    numbers.push(...page.data.map((member) => member.number));
    cursor = page.nextCursor;
  } while (cursor);
  return numbers;
}

/** One upload of 100,000 invoices through the HTTP API of a production server on demo data. */
async function runUpload(context: BenchmarkContext): Promise<UploadRun> {
  const dataDir = context.newDataDir('invoice-upload');
  // The first start loads the demo data (1,000 members with their invoices and certificates);
  // the server measured is a second start on it, so its peak memory is the upload's alone.
  const seeding = await startServer({ dataDir, seed: 'demo' });
  await seeding.stop();
  const server = await startServer({ dataDir, seed: 'demo' });
  try {
    await addOperator(dataDir, operatorEmail, operatorPassword);
    const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
    const members = await memberNumbers(server.url, cookie);
    const currentYear = clock.year();
    const file = createFile(members, currentYear);
    context.log(
      `${rowCount.toLocaleString('en')} rows over ${members.length.toLocaleString('en')} members, ${(file.length / 1e6).toFixed(1)} MB`,
    );
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('the server has no pid');
    const rssBefore = currentRss(pid);
    const peakBefore = peakRss(pid);

    const timing = await runCsvUpload({
      url: server.url,
      cookie,
      apiPath: '/api/invoices/uploads',
      file,
      rows: rowCount,
      followUpKey: 'followedUpAt',
      serverPid: pid,
      log: context.log,
    });
    context.log(
      `server peak RSS ${(timing.peakRssBytes / 1e6).toFixed(0)} MB (before the upload ${(rssBefore / 1e6).toFixed(0)} MB, peak ${(peakBefore / 1e6).toFixed(0)} MB; ` +
        `after validating ${(timing.peakRssAfterValidateBytes / 1e6).toFixed(0)} MB, after the commit ${(timing.peakRssAfterCommitBytes / 1e6).toFixed(0)} MB); ` +
        `search index and certificates caught up ${timing.followedUpAfterMs === null ? 'not within 10 min' : `at ${formatDuration(timing.followedUpAfterMs)}`}; ` +
        JSON.stringify(timing.result),
    );
    return {
      elapsedMs: timing.elapsedMs,
      peakRssBytes: timing.peakRssBytes,
      details: {
        rows: rowCount,
        members: members.length,
        fileBytes: file.length,
        uploadMs: timing.uploadMs,
        validateMs: timing.validateMs,
        commitMs: timing.commitMs,
        followedUpAfterMs: timing.followedUpAfterMs,
        serverRssBeforeBytes: rssBefore,
        serverPeakRssBytes: timing.peakRssBytes,
        serverPeakRssAfterValidateBytes: timing.peakRssAfterValidateBytes,
        serverPeakRssAfterCommitBytes: timing.peakRssAfterCommitBytes,
        validation: timing.validation,
        result: timing.result,
      },
    };
  } finally {
    await server.stop();
  }
}

/** One run shared by the time and the memory benchmark. */
function uploadRun(context: BenchmarkContext): Promise<UploadRun> {
  return context.shared('invoice-upload-100k-run', () => runUpload(context));
}

const measured =
  `a ${rowCount.toLocaleString('en')}-row invoices CSV (semicolons, BOM, 16 columns, amounts ` +
  'with decimal commas and points, a third paid) through the HTTP API of the production server ' +
  'on the first-start demo data (1,000 members): POST the file, validate every row with the ' +
  'guessed mapping, commit all or nothing (every invoice inserted and audited, rule 2 for the ' +
  'paid ones set-based)';

export const invoiceUpload100k: Benchmark = {
  name: 'invoice-upload-100k',
  measures: `From the first byte of the upload to the commit's answer for ${measured}. The search index and ${currentYearPaidRows} certificates of this year follow the commit; that time is in the details.`,
  unit: 'ms',
  target: 15_000,
  dataSize: `${rowCount.toLocaleString('en')} CSV rows`,
  runs: 1,
  async run(context) {
    const run = await uploadRun(context);
    return { samples: [run.elapsedMs], details: run.details };
  },
};

export const invoiceUpload100kMemory: Benchmark = {
  name: 'invoice-upload-100k-memory',
  measures: `Peak resident memory (VmHWM of /proc/<pid>/status) of the server process (PostgreSQL apart) over its life, up to the follow-up having caught up, for ${measured}.`,
  unit: 'bytes',
  target: uploadMemoryTarget,
  dataSize: `${rowCount.toLocaleString('en')} CSV rows`,
  runs: 1,
  async run(context) {
    const run = await uploadRun(context);
    return { samples: [run.peakRssBytes], details: run.details };
  },
};
