import fs from 'node:fs';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';

const rowCount = 100_000;
const operatorEmail = 'bench-upload@ops.demo.example';
const operatorPassword = 'bench upload password 2026';

/** 300 MB, in the report's bytes. */
const memoryTarget = 300 * 1_000 * 1_000;

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

/** Peak resident memory (VmHWM) of a process, in bytes. */
function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

function currentRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

type UploadRun = {
  elapsedMs: number;
  peakRssBytes: number;
  details: Record<string, unknown>;
};

async function call(url: string, cookie: string, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: url },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

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

    const startedAt = performance.now();
    const uploadResponse = await fetch(`${server.url}/api/members/uploads?filename=bench.csv`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/octet-stream', origin: server.url },
      body: new Uint8Array(file),
    });
    const upload = (await uploadResponse.json()) as { id: string; mapping: unknown };
    if (uploadResponse.status !== 201) {
      throw new Error(`upload: ${uploadResponse.status} ${JSON.stringify(upload)}`);
    }
    const uploadedMs = performance.now() - startedAt;
    const validated = await call(server.url, cookie, `/api/members/uploads/${upload.id}/validate`, {
      mapping: upload.mapping,
    });
    const validatedMs = performance.now() - startedAt;
    const committed = await call(server.url, cookie, `/api/members/uploads/${upload.id}/commit`, {
      mode: 'all-or-nothing',
    });
    const elapsedMs = performance.now() - startedAt;
    const result = committed.result as { inserted: number };
    if (result.inserted !== rowCount) {
      throw new Error(`expected ${rowCount} inserted, got ${JSON.stringify(committed.result)}`);
    }
    context.log(
      `uploaded ${formatDuration(uploadedMs)}, validated ${formatDuration(validatedMs - uploadedMs)}, ` +
        `committed ${formatDuration(elapsedMs - validatedMs)}: ${formatDuration(elapsedMs)}`,
    );

    // The search index catches up right after a bulk commit; how long that takes is kept too.
    let searchIndexedMs: number | null = null;
    while (performance.now() - startedAt < 300_000) {
      const response = await fetch(`${server.url}/api/members/uploads/${upload.id}`, {
        headers: { cookie },
      });
      const state = (await response.json()) as { result: { searchIndexedAt: string | null } };
      if (state.result.searchIndexedAt) {
        searchIndexedMs = performance.now() - startedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const peakRssBytes = peakRss(pid);
    context.log(
      `server peak RSS ${(peakRssBytes / 1e6).toFixed(0)} MB (before the upload ${(rssBefore / 1e6).toFixed(0)} MB); ` +
        `search index caught up ${searchIndexedMs === null ? 'not within 5 min' : `at ${formatDuration(searchIndexedMs)}`}`,
    );
    return {
      elapsedMs,
      peakRssBytes,
      details: {
        rows: rowCount,
        fileBytes: file.length,
        uploadMs: Math.round(uploadedMs),
        validateMs: Math.round(validatedMs - uploadedMs),
        commitMs: Math.round(elapsedMs - validatedMs),
        searchIndexedAfterMs: searchIndexedMs === null ? null : Math.round(searchIndexedMs),
        serverRssBeforeBytes: rssBefore,
        serverPeakRssBytes: peakRssBytes,
        validation: validated.validation,
        result: committed.result,
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
  target: memoryTarget,
  dataSize: `${rowCount.toLocaleString('en')} CSV rows`,
  runs: 1,
  async run(context) {
    const run = await uploadRun(context);
    return { samples: [run.peakRssBytes], details: run.details };
  },
};
