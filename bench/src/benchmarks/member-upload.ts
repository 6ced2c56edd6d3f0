import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { currentRss, runCsvUpload, uploadMemoryTarget } from '../lib/csv-upload';
import { formatDuration } from '../lib/format';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';

const rowCount = 100_000;
const operatorEmail = 'bench-upload@ops.demo.example';
const operatorPassword = 'bench upload password 2026';

const words = [
  'Alpine',
  'Baltic',
  'Continental',
  'Danube',
  'Eastern',
  'Fjord',
  'Global',
  'Harbour',
  'Iberian',
  'Jade',
  'Kestrel',
  'Lakeside',
  'Meridian',
  'Nordic',
  'Oceanic',
  'Pacific',
  'Quay',
  'Rhine',
  'Silk Road',
  'Transalpine',
  'Union',
  'Vanguard',
  'Westport',
  'Zenith',
  'Zürich',
  'Société',
];
const kinds = ['Freight', 'Logistics', 'Forwarding', 'Cargo', 'Shipping', 'Spedition', 'Transport'];
const forms = ['AG', 'GmbH', 'Ltd', 'S.A.', 'Sàrl', 'B.V.', 'Inc.', 'SpA', 'AB', 'Oy'];
const countries = [
  'CH',
  'DE',
  'FR',
  'IT',
  'AT',
  'NL',
  'BE',
  'ES',
  'GB',
  'US',
  'SG',
  'CN',
  'ZA',
  'BR',
  'IN',
];
const cities = ['Basel', 'Hamburg', 'Lyon', 'Genova', 'Wien', 'Rotterdam', 'Antwerpen', 'Madrid'];
const statuses = ['active', 'active', 'active', 'overdue', 'pending-payment', 'suspended'];

/**
 * The file a federation would upload: a semicolon-separated export with a BOM, as Excel writes
 * it, ten columns, names with accents and separators inside quotes.
 */
function createFile(): Buffer {
  const lines = [
    'Membership number;Legal name;Trade name;Category;Status;Country;City;E-mail;Joined;Paid through',
  ];
  for (let i = 0; i < rowCount; i++) {
    const pick = <T>(list: readonly T[], salt: number) =>
      list[(i * salt + salt) % list.length] as T;
    const name = `${pick(words, 7)} ${pick(kinds, 3)} ${i} ${pick(forms, 5)}`;
    const legal = i % 50 === 0 ? `"${name}; Branch ${i % 7}"` : name;
    lines.push(
      [
        `U-${String(i + 1).padStart(7, '0')}`,
        legal,
        i % 3 === 0 ? `${pick(words, 11)} ${pick(kinds, 13)}` : '',
        i % 40 === 0 ? 'association' : 'individual',
        pick(statuses, 17),
        pick(countries, 19),
        pick(cities, 23),
        `office${i}@${pick(words, 29)
          .toLowerCase()
          .replace(/[^a-z]/g, '')}.example`,
        `${2000 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        String(2020 + (i % 7)),
      ].join(';'),
    );
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
}

type UploadRun = {
  elapsedMs: number;
  peakRssBytes: number;
  details: Record<string, unknown>;
};

/** One upload of 100,000 new members through the HTTP API of a production server. */
async function runUpload(context: BenchmarkContext): Promise<UploadRun> {
  const dataDir = context.newDataDir('member-upload');
  const file = createFile();
  context.log(`${rowCount.toLocaleString('en')} rows, ${(file.length / 1e6).toFixed(1)} MB`);
  const server = await startServer({ dataDir, seed: 'none' });
  try {
    await addOperator(dataDir, operatorEmail, operatorPassword);
    const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('the server has no pid');
    const rssBefore = currentRss(pid);

    const timing = await runCsvUpload({
      url: server.url,
      cookie,
      apiPath: '/api/members/uploads',
      file,
      rows: rowCount,
      followUpKey: 'searchIndexedAt',
      serverPid: pid,
      log: context.log,
    });
    context.log(
      `server peak RSS ${(timing.peakRssBytes / 1e6).toFixed(0)} MB (before the upload ${(rssBefore / 1e6).toFixed(0)} MB); ` +
        `search index caught up ${timing.followedUpAfterMs === null ? 'not within 10 min' : `at ${formatDuration(timing.followedUpAfterMs)}`}`,
    );
    return {
      elapsedMs: timing.elapsedMs,
      peakRssBytes: timing.peakRssBytes,
      details: {
        rows: rowCount,
        fileBytes: file.length,
        uploadMs: timing.uploadMs,
        validateMs: timing.validateMs,
        commitMs: timing.commitMs,
        searchIndexedAfterMs: timing.followedUpAfterMs,
        serverRssBeforeBytes: rssBefore,
        serverPeakRssBytes: timing.peakRssBytes,
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
  return context.shared('member-upload-100k-run', () => runUpload(context));
}

const measured =
  `a ${rowCount.toLocaleString('en')}-row members CSV (semicolons, BOM, 10 columns, about 12 MB) ` +
  'through the HTTP API of the production server on a fresh database: POST the file, validate ' +
  'every row with the guessed mapping, commit all or nothing (100,000 members inserted, each ' +
  'audited)';

export const memberUpload100k: Benchmark = {
  name: 'member-upload-100k',
  measures: `From the first byte of the upload to the commit's answer for ${measured}. The search index catches up after the commit; that time is in the details.`,
  unit: 'ms',
  target: 15_000,
  dataSize: `${rowCount.toLocaleString('en')} CSV rows`,
  runs: 1,
  async run(context) {
    const run = await uploadRun(context);
    return { samples: [run.elapsedMs], details: run.details };
  },
};

export const memberUpload100kMemory: Benchmark = {
  name: 'member-upload-100k-memory',
  measures: `Peak resident memory (VmHWM of /proc/<pid>/status) of the server process (PostgreSQL apart) over its life, up to the search index having caught up, for ${measured}.`,
  unit: 'bytes',
  target: uploadMemoryTarget,
  dataSize: `${rowCount.toLocaleString('en')} CSV rows`,
  runs: 1,
  async run(context) {
    const run = await uploadRun(context);
    return { samples: [run.peakRssBytes], details: run.details };
  },
};
