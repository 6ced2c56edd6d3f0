import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Client, type Request, type Result } from 'autocannon';
import pino from 'pino';
import { cliActor } from '../../../apps/server/src/db/audit';
import { openDatabase, type DatabaseHandle } from '../../../apps/server/src/db/database';
import { addOperator } from '../../../apps/server/src/operators';
import type { Benchmark, BenchmarkContext, BenchmarkOutcome } from '../lib/benchmark';
import { signInCookie } from '../lib/operator';
import { startServer, type ServerHandle } from '../lib/processes';
import { median, percentile } from '../lib/stats';
import { seededDataDir, seedScale } from './seed';

/**
 * 50 operators working the screens at once for 60 s. Each operator has its own session (and
 * search key) and its own keep-alive connection, and goes through one scenario of 22 requests
 * over and over: the requests the web app makes on those screens (see
 * `apps/web/src/features/<area>/api` and the list definitions), with ids taken from the answers
 * before them: lists with their sorts and filters and the next page along the cursor, the
 * details of rows just listed, the palette's searches as a name is typed, a save of one of the
 * operator's own members with the version just read, and now and then an export.
 *
 * The measured run goes at a person's pace (a pause after each answer, see Pause), which is
 * what 50 people cause. The same scenario is then run by autocannon without any pause, every
 * connection asking again the moment it is answered: the server's capacity and its latency when
 * saturated, in the details (a closed loop of 50 connections on one Node process cannot keep a
 * p99 of 100 ms unless it answers about 1,000 requests a second, whatever the code does).
 */
const operatorCount = 50;
const durationSeconds = 60;
const warmUpSeconds = 10;
const defaultSaturationSeconds = 20;
const operatorPassword = 'bench load password 2026';
/** Each operator edits only these members of its own, so a 409 is never self-made. */
const ownMembersPerOperator = 4;
/** One cycle in this many ends with an export instead of the list's refresh. */
const exportEveryCycles = 8;
const searchKeystrokes = 5;

// --- The screens' views (query strings as the list kit writes them, without cursor) ---------

/** Members: the default view, header sorts, the filter menus and a search (members screen). */
const memberViews = [
  '',
  'sort=legalName',
  'sort=-joinedOn',
  'status=overdue',
  'status=active,suspended&sort=legalName',
  'category=association&sort=country',
  'paidThroughYear=(empty)',
  'sort=-paidThroughYear',
  'language=fr,es&sort=legalName',
  'q=logistics',
];
const invoiceViews = [
  '',
  'status=issued',
  'overdue=true&sort=dueDate',
  'partial=true&sort=-balance',
  'year=2024..2026&sort=-total',
  'sort=-issueDate',
  'kind=licence,application',
  'q=freight',
];
const paymentViews = [
  '',
  'status=paid',
  'linked=no',
  'sort=-amountDue',
  'status=open,uncollectible&sort=dueDate',
];
const applicationViews = [
  '',
  'status=submitted,endorsed,under-review',
  'sort=-submittedAt',
  'category=association&sort=-submittedAt',
];
const emailViews = [
  '',
  'state=ERROR',
  'kind=invoice-issued',
  'sort=-createdAt',
  'relatedTable=invoices&sort=-createdAt',
];

// --- Preparation: operators, their records and the words they type ---------------------------

type SearchKey = { path: string; apiKey: string };

type Operator = {
  index: number;
  email: string;
  cookie: string;
  origin: string;
  search: SearchKey;
  ownMembers: string[];
  cycle: number;
  saves: number;
  /** The last id of each kind seen, for a filtered view that came back empty. */
  lastIds: Record<RecordKind, string>;
};

type RecordKind = 'member' | 'invoice' | 'payment' | 'application' | 'email';

type Prepared = {
  /** Fallback ids per kind from the database (never empty for a seeded database). */
  pools: Record<RecordKind, string[]>;
  /** Whole words of real member names (6+ letters), as people type them. */
  words: string[];
  /** Members list views of a moderate size (a country's members), as exported from the screen. */
  exportViews: string[];
  ownMembers: string[][];
};

const silentLogger = pino({ level: 'silent' });

async function lookUpData(database: DatabaseHandle): Promise<Prepared> {
  const { pool } = database;
  const ids = async (sql: string) => (await pool.query<{ id: string }>(sql)).rows.map((r) => r.id);
  const pools: Prepared['pools'] = {
    member: await ids(
      'SELECT mid AS id FROM members WHERE deleted_at IS NULL ORDER BY number LIMIT 200',
    ),
    invoice: await ids('SELECT iid AS id FROM invoices ORDER BY number DESC LIMIT 200'),
    payment: await ids('SELECT sid AS id FROM stripe_invoices ORDER BY sid LIMIT 200'),
    application: await ids('SELECT aid AS id FROM applications ORDER BY number DESC LIMIT 200'),
    email: await ids('SELECT eid AS id FROM emails ORDER BY created_at DESC LIMIT 200'),
  };
  for (const [kind, list] of Object.entries(pools)) {
    if (list.length === 0) throw new Error(`the database holds no ${kind}: seed it first`);
  }
  // Active members spread over the table (the same on every run), 4 per operator, none shared.
  const own = await ids(
    `SELECT mid AS id FROM members WHERE deleted_at IS NULL AND status = 'active'
      ORDER BY md5(mid) LIMIT ${operatorCount * ownMembersPerOperator}`,
  );
  if (own.length < operatorCount * ownMembersPerOperator) {
    throw new Error(`only ${own.length} active members found for the operators to edit`);
  }
  const ownMembers = Array.from({ length: operatorCount }, (_, i) =>
    own.slice(i * ownMembersPerOperator, (i + 1) * ownMembersPerOperator),
  );
  const names = await pool.query<{ legal_name: string }>(
    `SELECT legal_name FROM members TABLESAMPLE BERNOULLI (2) REPEATABLE (7)
      WHERE deleted_at IS NULL ORDER BY number LIMIT 2000`,
  );
  const words = [
    ...new Set(
      names.rows.flatMap(({ legal_name }) =>
        legal_name
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .filter((word) => [...word].length >= 6),
      ),
    ),
  ].slice(0, 400);
  if (words.length < 20) throw new Error(`only ${words.length} words found to type`);
  // Countries holding about 1% of the members: an export of a few hundred to a thousand rows.
  const countries = await pool.query<{ iso2: string }>(
    `WITH counts AS (
       SELECT country_iso2 AS iso2, count(*) AS n FROM members
        WHERE deleted_at IS NULL AND country_iso2 IS NOT NULL GROUP BY 1),
     total AS (SELECT sum(n) AS n FROM counts)
     SELECT iso2 FROM counts, total ORDER BY abs(counts.n - total.n / 100), iso2 LIMIT 6`,
  );
  const exportViews = countries.rows.map(({ iso2 }) => `country=${iso2}&sort=legalName`);
  return { pools, words, exportViews, ownMembers };
}

/** Makes the operators (in-process, as `ops operators add` does) once per database. */
async function ensureOperators(database: DatabaseHandle, log: (line: string) => void) {
  const emails = Array.from({ length: operatorCount }, (_, i) => operatorEmail(i));
  const existing = await database.pool.query<{ email: string }>(
    'SELECT email FROM users WHERE email = ANY($1)',
    [emails],
  );
  const known = new Set(existing.rows.map((row) => row.email));
  const missing = emails.filter((email) => !known.has(email));
  if (missing.length === 0) return;
  log(`adding ${missing.length} operators`);
  for (const email of missing) {
    await addOperator(database.db, cliActor, {
      email,
      password: operatorPassword,
      roles: ['admin'],
      displayName: `Load ${email.slice(0, email.indexOf('@'))}`,
    });
  }
}

function operatorEmail(index: number) {
  return `bench-load-${String(index + 1).padStart(2, '0')}@ops.demo.example`;
}

/** The palette's search parameters (`searchParams`), fetched once as the browser caches them. */
async function searchKeyOf(url: string, cookie: string): Promise<SearchKey> {
  const response = await fetch(`${url}/functions/searchParams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ data: {} }),
  });
  const body = (await response.json()) as {
    result?: { host: string; apiKey: string; index: string };
  };
  if (!response.ok || !body.result) {
    throw new Error(`searchParams: ${response.status} ${JSON.stringify(body)}`);
  }
  const host = new URL(body.result.host, url);
  return {
    path: `${host.pathname.replace(/\/+$/, '')}/indexes/${encodeURIComponent(body.result.index)}/search`,
    apiKey: body.result.apiKey,
  };
}

// --- The scenario -------------------------------------------------------------------------------

/** Per connection; autocannon starts it afresh at each pass through the scenario. */
type Context = {
  operator: number;
  kind: string;
  members: string[];
  membersView: string;
  membersCursor: string | null;
  invoices: string[];
  payments: string[];
  applications: string[];
  emails: string[];
  word: string;
  ownMid: string;
  ownVersion: number | null;
};

type Built = {
  kind: string;
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  /** The search service's key instead of the session cookie. */
  bearer?: string;
};

/**
 * What the person does after the answer, before the next request (paced run): reads the
 * screen (a random pause, 1 s on average), types the next letter (150 ms, about 80 words a
 * minute), fills in the form (2 s), or nothing (the screen asks for it at once).
 */
type Pause = 'read' | 'keystroke' | 'form' | 'none';

type Step = {
  build(context: Context, operator: Operator): Built;
  onResponse?(status: number, body: string, context: Context, operator: Operator): void;
  pause?: Pause;
};

/** Categories of the report: what a person was doing. */
const categoryOfKind: Record<string, string> = {
  'members list': 'list',
  'members next page': 'list',
  'invoices list': 'list',
  'payments list': 'list',
  'applications list': 'list',
  'emails list': 'list',
  'members list refresh': 'list',
  member: 'detail',
  'member notes': 'detail',
  invoice: 'detail',
  payment: 'detail',
  application: 'detail',
  email: 'detail',
  'own member': 'save',
  'member form options': 'save',
  'member save': 'save',
  search: 'search',
  'members export': 'export',
};

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

function rowIds(body: string, key: string): { ids: string[]; nextCursor: string | null } {
  try {
    const page = JSON.parse(body) as { data: Record<string, string>[]; nextCursor: string | null };
    return { ids: page.data.map((row) => row[key] as string), nextCursor: page.nextCursor };
  } catch {
    return { ids: [], nextCursor: null };
  }
}

function withParams(path: string, ...params: string[]): string {
  const query = params.filter((param) => param !== '').join('&');
  return query ? `${path}?${query}` : path;
}

function createScenario(prepared: Prepared): Step[] {
  /** A list's first page, its rows kept for the detail that follows. */
  const listStep = (
    kind: string,
    path: string,
    views: readonly string[],
    record: RecordKind,
    key: 'members' | 'invoices' | 'payments' | 'applications' | 'emails',
    idField: string,
  ): Step => ({
    build: (_, operator) => ({
      kind,
      path: withParams(path, pick(views, operator.cycle + operator.index)),
    }),
    onResponse: (status, body, context, operator) => {
      if (status !== 200) return;
      const { ids } = rowIds(body, idField);
      context[key] = ids;
      if (ids[0]) operator.lastIds[record] = ids[0];
    },
  });
  /** The detail of a row just listed (the fifth, or the last of a shorter page). */
  const detailStep = (
    kind: string,
    path: string,
    record: RecordKind,
    key: 'invoices' | 'payments' | 'applications' | 'emails',
  ): Step => ({
    build: (context, operator) => {
      const ids = context[key];
      const id = ids.length ? pick(ids, operator.cycle * 7 + 4) : operator.lastIds[record];
      return { kind, path: `${path}/${encodeURIComponent(id)}` };
    },
  });
  const memberOf = (context: Context, operator: Operator) =>
    context.members.length
      ? pick(context.members, operator.cycle * 7 + 3)
      : operator.lastIds.member;

  const searchStep = (keystroke: number): Step => ({
    build: (context, operator) => {
      if (keystroke === 0)
        context.word = pick(prepared.words, operator.cycle * operatorCount + operator.index);
      // Typed one letter at a time (slower than the palette's 70 ms debounce, so each prefix
      // is asked): the last `searchKeystrokes` prefixes of the word's first 7 letters.
      const letters = [...context.word].slice(0, 7);
      const length = letters.length - (searchKeystrokes - 1) + keystroke;
      return {
        kind: 'search',
        method: 'POST',
        path: operator.search.path,
        bearer: operator.search.apiKey,
        body: { q: letters.slice(0, Math.max(1, length)).join(''), limit: 20 },
      };
    },
    pause: keystroke < searchKeystrokes - 1 ? 'keystroke' : 'read',
  });

  return [
    {
      build: (context, operator) => {
        operator.cycle++;
        context.membersView = pick(memberViews, operator.cycle + operator.index);
        return { kind: 'members list', path: withParams('/api/members', context.membersView) };
      },
      onResponse: (status, body, context, operator) => {
        if (status !== 200) return;
        const { ids, nextCursor } = rowIds(body, 'mid');
        context.members = ids;
        context.membersCursor = nextCursor;
        if (ids[0]) operator.lastIds.member = ids[0];
      },
    },
    {
      // Scrolling down: the next page along the keyset cursor.
      build: (context) => ({
        kind: 'members next page',
        path: withParams(
          '/api/members',
          context.membersView,
          context.membersCursor ? `cursor=${encodeURIComponent(context.membersCursor)}` : '',
        ),
      }),
    },
    {
      build: (context, operator) => ({
        kind: 'member',
        path: `/api/members/${encodeURIComponent(memberOf(context, operator))}`,
      }),
      // Its notes are asked for as the screen opens.
      pause: 'none',
    },
    {
      // The member's overview shows its latest notes.
      build: (context, operator) => ({
        kind: 'member notes',
        path: withParams(
          '/api/notes',
          'table=members',
          `recordId=${encodeURIComponent(memberOf(context, operator))}`,
          'limit=20',
        ),
      }),
    },
    ...Array.from({ length: searchKeystrokes }, (_, keystroke) => searchStep(keystroke)),
    listStep('invoices list', '/api/invoices', invoiceViews, 'invoice', 'invoices', 'iid'),
    detailStep('invoice', '/api/invoices', 'invoice', 'invoices'),
    listStep('payments list', '/api/payments', paymentViews, 'payment', 'payments', 'sid'),
    detailStep('payment', '/api/payments', 'payment', 'payments'),
    listStep(
      'applications list',
      '/api/applications',
      applicationViews,
      'application',
      'applications',
      'aid',
    ),
    detailStep('application', '/api/applications', 'application', 'applications'),
    listStep('emails list', '/api/emails', emailViews, 'email', 'emails', 'eid'),
    detailStep('email', '/api/emails', 'email', 'emails'),
    {
      // One of its own members opened to edit: the version the save will send.
      build: (context, operator) => {
        context.ownMid = pick(operator.ownMembers, operator.cycle);
        context.ownVersion = null;
        return { kind: 'own member', path: `/api/members/${encodeURIComponent(context.ownMid)}` };
      },
      onResponse: (status, body, context) => {
        if (status !== 200) return;
        try {
          context.ownVersion = (JSON.parse(body) as { version: number }).version;
        } catch {
          context.ownVersion = null;
        }
      },
    },
    {
      // The Edit tab's choices; then the person changes a field.
      build: () => ({ kind: 'member form options', path: '/api/members/form-options' }),
      pause: 'form',
    },
    {
      build: (context, operator) => {
        operator.saves++;
        const serial = String((operator.index * 10_000 + operator.saves) % 1_000_000);
        return {
          kind: 'member save',
          method: 'PATCH',
          path: `/api/members/${encodeURIComponent(context.ownMid)}`,
          // A version never read is sent as 1: the save then fails visibly (409), not silently.
          body: { phone: `+41 22 ${serial.padStart(6, '0')}`, version: context.ownVersion ?? 1 },
        };
      },
      // The list on screen is fetched again at once.
      pause: 'none',
    },
    {
      // After a save the list on screen is fetched again; now and then the person exports a
      // filtered list instead (the export button of the list's toolbar).
      build: (context, operator) =>
        (operator.cycle + operator.index) % exportEveryCycles === 0
          ? {
              kind: 'members export',
              path: withParams(
                '/api/members/export',
                pick(prepared.exportViews, operator.cycle + operator.index),
              ),
            }
          : { kind: 'members list refresh', path: withParams('/api/members', context.membersView) },
    },
  ];
}

/** As the browser sends them: the session cookie (or the search key), JSON, its origin. */
function headersOf(built: Built, operator: Operator): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (built.bearer) headers.authorization = `Bearer ${built.bearer}`;
  else headers.cookie = operator.cookie;
  if (built.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers.origin = operator.origin;
  }
  return headers;
}

/** The scenario as autocannon's request list (saturation run). */
function toRequests(steps: Step[], operators: Operator[]): Request<Context>[] {
  return steps.map((step) => ({
    setupRequest: (request, context) => {
      const operator = operators[context.operator] as Operator;
      const built = step.build(context, operator);
      context.kind = built.kind;
      return {
        ...request,
        method: built.method ?? 'GET',
        path: built.path,
        headers: headersOf(built, operator),
        body: built.body === undefined ? Buffer.alloc(0) : JSON.stringify(built.body),
      };
    },
    onResponse: (status, body, context) => {
      step.onResponse?.(status, body, context, operators[context.operator] as Operator);
    },
  }));
}

// --- Running and measuring ----------------------------------------------------------------------

type Recorder = {
  isRecording: boolean;
  latencies: Map<string, number[]>;
  statuses: Map<string, Map<number, number>>;
  connectionErrors: number;
};

function createRecorder(): Recorder {
  return { isRecording: false, latencies: new Map(), statuses: new Map(), connectionErrors: 0 };
}

function record(recorder: Recorder, kind: string, status: number, ms: number) {
  if (!recorder.isRecording) return;
  let latencies = recorder.latencies.get(kind);
  if (!latencies) recorder.latencies.set(kind, (latencies = []));
  latencies.push(ms);
  let statuses = recorder.statuses.get(kind);
  if (!statuses) recorder.statuses.set(kind, (statuses = new Map()));
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

function emptyContext(operator: number): Context {
  return {
    operator,
    kind: '',
    members: [],
    membersView: '',
    membersCursor: null,
    invoices: [],
    payments: [],
    applications: [],
    emails: [],
    word: '',
    ownMid: '',
    ownVersion: null,
  };
}

/** One autocannon run against one instance, its connections being `operators`. */
function cannon(
  url: string,
  /** Every operator (a context names its operator by index), and this instance's. */
  everyone: Operator[],
  operators: Operator[],
  steps: Step[],
  seconds: number,
  recorder: Recorder,
): Promise<Result> {
  let next = 0;
  const instance = autocannon<Context>({
    url,
    connections: operators.length,
    duration: seconds,
    timeout: 30,
    requests: toRequests(steps, everyone),
    initialContext: emptyContext(0),
    setupClient: (client: Client<Context>) => {
      // Each connection is one operator: its context says which, from the first request on.
      const operator = operators[next++ % operators.length] as Operator;
      client.requestIterator.initialContext = emptyContext(operator.index);
      client.requestIterator.resetContext();
      client.requestIterator.setRequests(client.requestIterator.requests);
    },
  });
  instance.on('response', (client, status, _bytes, ms) => {
    record(recorder, client.requestIterator.context.kind, status, ms);
  });
  instance.on('reqError', () => {
    if (recorder.isRecording) recorder.connectionErrors++;
  });
  return Promise.resolve(instance);
}

/** A tiny deterministic generator (mulberry32): the same pauses on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const readMeanMs = 1_000;
const keystrokeMs = 150;
const formMs = 2_000;

function pauseMs(pause: Pause, next: () => number): number {
  switch (pause) {
    case 'read':
      // Exponential: mostly short glances, now and then a longer look (capped at 5 s).
      return Math.min(5_000, -Math.log(1 - next()) * readMeanMs);
    case 'keystroke':
      return keystrokeMs;
    case 'form':
      return formMs;
    case 'none':
      return 0;
  }
}

/** One request over the operator's own keep-alive connection; the answer read in full. */
function send(
  agent: http.Agent,
  operator: Operator,
  built: Built,
): Promise<{ status: number; body: string; ms: number }> {
  const url = new URL(operator.origin);
  const payload = built.body === undefined ? undefined : JSON.stringify(built.body);
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: built.method ?? 'GET',
        path: built.path,
        headers: headersOf(built, operator),
        agent,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - startedAt,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The paced run: each operator goes through the scenario at a person's pace (see Pause), on
 * its own keep-alive connection, until `seconds` are over. Operators start within the first
 * 2 s rather than all at once, as people do not click in step.
 */
async function pacedRun(operators: Operator[], steps: Step[], seconds: number, recorder: Recorder) {
  const deadline = performance.now() + seconds * 1_000;
  await Promise.all(
    operators.map(async (operator) => {
      const next = random(1_000 + operator.index);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        await sleep(next() * 2_000);
        while (performance.now() < deadline) {
          const context = emptyContext(operator.index);
          for (const step of steps) {
            if (performance.now() >= deadline) break;
            const built = step.build(context, operator);
            try {
              const { status, body, ms } = await send(agent, operator, built);
              record(recorder, built.kind, status, ms);
              step.onResponse?.(status, body, context, operator);
            } catch {
              if (recorder.isRecording) recorder.connectionErrors++;
            }
            await sleep(pauseMs(step.pause ?? 'read', next));
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

function summarize(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: round1(median(sorted)),
    p95Ms: round1(percentile(sorted, 0.95)),
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
  };
}

/** Clock ticks per second of /proc's CPU times. */
const ticksPerSecond =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) of each process, in ms; gone processes are left out. */
function cpuTimes(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): state is the 3rd, utime the 14th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond);
    } catch {
      // Exited meanwhile.
    }
  }
  return times;
}

/** The embedded PostgreSQL's processes (the postmaster and its children) of a DATA_DIR. */
function postgresPids(dataDir: string): number[] {
  let postmaster: number;
  try {
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  const children = fs.readdirSync('/proc').filter((name) => {
    if (!/^\d+$/.test(name)) return false;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  });
  return [postmaster, ...children.map(Number)];
}

/** CPU spent by the servers and by PostgreSQL over `during`, in ms. */
async function measureCpu<T>(serverPids: number[], dataDir: string, during: () => Promise<T>) {
  const pgPids = postgresPids(dataDir);
  const before = cpuTimes([...serverPids, ...pgPids]);
  const value = await during();
  const after = cpuTimes([...serverPids, ...postgresPids(dataDir)]);
  let serversMs = 0;
  let postgresMs = 0;
  for (const [pid, ms] of after) {
    const spent = ms - (before.get(pid) ?? 0);
    if (serverPids.includes(pid)) serversMs += spent;
    else postgresMs += spent;
  }
  return { value, serversMs, postgresMs };
}

export type LoadOptions = {
  /** The running instances; operators are dealt to them in turn. */
  urls: string[];
  /** The DATA_DIR of the first instance (its embedded PostgreSQL serves them all). */
  dataDir: string;
  /** The servers' process ids, for their CPU time. */
  serverPids: number[];
  seconds?: number;
  warmUpSeconds?: number;
  /** The autocannon run without pauses after the measured one (0: none). */
  saturationSeconds?: number;
  connections?: number;
  log: (line: string) => void;
};

/** Prepares the operators and their data, warms up, then measures `seconds` of load. */
export async function runLoad(options: LoadOptions): Promise<BenchmarkOutcome> {
  const { urls, log } = options;
  const seconds = options.seconds ?? durationSeconds;
  const connections = options.connections ?? operatorCount;
  const database = await openDatabase({
    databaseUrl: undefined,
    dataDir: options.dataDir,
    role: 'cli',
    logger: silentLogger,
    poolSize: 2,
  });
  let prepared: Prepared;
  try {
    await ensureOperators(database, log);
    prepared = await lookUpData(database);
  } finally {
    await database.close();
  }

  log(`signing ${connections} operators in on ${urls.length} instance(s)`);
  const operators: Operator[] = [];
  for (let index = 0; index < connections; index++) {
    const url = urls[index % urls.length] as string;
    const email = operatorEmail(index);
    const cookie = await signInCookie(url, email, operatorPassword);
    operators.push({
      index,
      email,
      cookie,
      origin: url,
      search: await searchKeyOf(url, cookie),
      ownMembers: prepared.ownMembers[index] as string[],
      cycle: 0,
      saves: 0,
      lastIds: {
        member: pick(prepared.pools.member, index),
        invoice: pick(prepared.pools.invoice, index),
        payment: pick(prepared.pools.payment, index),
        application: pick(prepared.pools.application, index),
        email: pick(prepared.pools.email, index),
      },
    });
  }
  const steps = createScenario(prepared);
  const byInstance = urls.map((url) => operators.filter((operator) => operator.origin === url));
  const cannonAll = (runSeconds: number, recorder: Recorder) =>
    Promise.all(
      urls.map((url, i) =>
        cannon(url, operators, byInstance[i] ?? [], steps, runSeconds, recorder),
      ),
    );

  const warmUp = options.warmUpSeconds ?? warmUpSeconds;
  if (warmUp > 0) {
    log(`warming up for ${warmUp} s (autocannon, not measured)`);
    await cannonAll(warmUp, createRecorder());
  }

  log(`${connections} operators at a person's pace for ${seconds} s`);
  const paced = createRecorder();
  paced.isRecording = true;
  const pacedTiming = await measureCpu(options.serverPids, options.dataDir, async () => {
    const startedAt = performance.now();
    await pacedRun(operators, steps, seconds, paced);
    return performance.now() - startedAt;
  });
  paced.isRecording = false;
  const pacedStats = analyse(paced, pacedTiming.value, pacedTiming);
  log(describe(pacedStats));

  const saturationSeconds = options.saturationSeconds ?? defaultSaturationSeconds;
  let saturation: (ReturnType<typeof analyse> & { autocannon: unknown }) | null = null;
  if (saturationSeconds > 0) {
    log(`the same ${connections} operators without pauses for ${saturationSeconds} s (autocannon)`);
    const flat = createRecorder();
    flat.isRecording = true;
    const run = await measureCpu(options.serverPids, options.dataDir, async () => {
      const startedAt = performance.now();
      const results = await cannonAll(saturationSeconds, flat);
      return { elapsedMs: performance.now() - startedAt, results };
    });
    flat.isRecording = false;
    const stats = analyse(flat, run.value.elapsedMs, run);
    log(`without pauses: ${describe(stats)}`);
    saturation = {
      ...stats,
      // autocannon's own figures per instance (its histogram), to cross-check ours.
      autocannon: run.value.results.map((result, i) => ({
        url: urls[i],
        connections: byInstance[i]?.length ?? 0,
        requests: result.latency.totalCount,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      })),
    };
  }

  return {
    samples: [pacedStats.latency.p99Ms],
    invariantsHeld: pacedStats.errors === 0,
    details: {
      instances: urls.length,
      operators: connections,
      seconds,
      pauses: { readMeanMs, keystrokeMs, formMs },
      warmUpSeconds: warmUp,
      ...pacedStats,
      withoutPauses: saturation,
    },
  };
}

function describe(stats: ReturnType<typeof analyse>): string {
  const { latency, errors, cpuPerRequestMs, slowestKinds } = stats;
  return (
    `${latency.requests} requests (${stats.requestsPerSecond}/s): p50 ${latency.p50Ms} ms, ` +
    `p95 ${latency.p95Ms} ms, p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms; ${errors} ` +
    `errors${errors ? ` ${JSON.stringify(stats.errorsByStatus)}` : ''}; CPU per request: ` +
    `servers ${cpuPerRequestMs.servers} ms, PostgreSQL ${cpuPerRequestMs.postgres} ms; slowest ` +
    `p99: ${slowestKinds.map((s) => `${s.kind} ${s.p99Ms} ms`).join(', ')}`
  );
}

/** The figures of a run: overall, per category and per kind of request, errors by status. */
function analyse(
  recorder: Recorder,
  elapsedMs: number,
  cpu: { serversMs: number; postgresMs: number },
) {
  const all = [...recorder.latencies.values()].flat();
  const count = Math.max(1, all.length);
  const share = (n: number) => Math.round((n / count) * 1000) / 10;
  const errorsByStatus: Record<string, number> = {};
  const byKind: Record<string, ReturnType<typeof summarize> & Record<string, unknown>> = {};
  const byCategory = new Map<string, number[]>();
  for (const [kind, latencies] of [...recorder.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const errors: Record<string, number> = {};
    for (const [status, n] of recorder.statuses.get(kind) ?? []) {
      if (status >= 200 && status < 400) continue;
      errors[status] = n;
      errorsByStatus[status] = (errorsByStatus[status] ?? 0) + n;
    }
    const category = categoryOfKind[kind] ?? 'other';
    byKind[kind] = {
      category,
      share: share(latencies.length),
      ...summarize(latencies),
      ...(Object.keys(errors).length ? { errors } : {}),
    };
    byCategory.set(category, [...(byCategory.get(category) ?? []), ...latencies]);
  }
  const httpErrors = Object.values(errorsByStatus).reduce((sum, n) => sum + n, 0);
  return {
    requestsPerSecond: Math.round(all.length / (elapsedMs / 1_000)),
    latency: summarize(all),
    errors: httpErrors + recorder.connectionErrors,
    errorsByStatus,
    connectionErrors: recorder.connectionErrors,
    // What a request costs, whatever else the machine was doing: CPU of the server
    // process(es) and of PostgreSQL over the run, divided by the requests answered.
    cpuPerRequestMs: {
      servers: Math.round((cpu.serversMs / count) * 100) / 100,
      postgres: Math.round((cpu.postgresMs / count) * 100) / 100,
    },
    slowestKinds: Object.entries(byKind)
      .map(([kind, stats]) => ({ kind, p99Ms: stats.p99Ms }))
      .sort((a, b) => b.p99Ms - a.p99Ms)
      .slice(0, 5),
    byCategory: Object.fromEntries(
      [...byCategory].map(([category, latencies]) => [
        category,
        { share: share(latencies.length), ...summarize(latencies) },
      ]),
    ),
    byKind,
  };
}

// --- The benchmarks -----------------------------------------------------------------------------

const measures = (instances: string) =>
  `${operatorCount} operators for ${durationSeconds} s on the ${seedScale.toLocaleString('en')}-member ` +
  `database of seed-100k, ${instances}: one session and keep-alive connection per operator, ` +
  'each going through the requests the screens make (lists with sorts and filters and their next ' +
  "page, details of listed rows, the palette's searches letter by letter, a save of one of its own " +
  "members with the version read, an export of a filtered list one pass in 8) at a person's pace " +
  '(1 s on average to read an answer, 150 ms a keystroke, 2 s to fill in a field), after a 10 s ' +
  'warm-up. The sample is the p99 of every request of the run; met when within the target and no ' +
  'request failed (non-2xx/3xx, or no answer). The details hold each request kind, the CPU a ' +
  'request costs, and 20 s of the same operators without pauses (autocannon): the capacity.';

const code = (views: readonly string[]) =>
  views.map((view) => `\`${view || '(default)'}\``).join(', ');

/** docs/benchmarks.md: what the 50 operators do. */
const mixSection: Benchmark['section'] = {
  title: 'The 50 operators (load-50-operators, load-50-operators-two-instances)',
  lines: [
    'Made from what the web app asks on each screen (`apps/web/src/features/*/api`, the list',
    'definitions, the palette), against the seed-100k database. 50 operators (admins, made like',
    '`npm run ops -- operators add`), each signed in with its own session and search key and on',
    'its own keep-alive connection, go through these 22 requests over and over, ids taken from',
    'the answers before (nothing hard-coded): the views rotate from one pass to the next.',
    '',
    '| Step | Requests | Share |',
    '| --- | --- | --- |',
    '| Members list, first page then the next (keyset cursor) | `GET /api/members?…` ×2 | 9% |',
    '| A listed member and its latest notes | `GET /api/members/:mid`, `GET /api/notes?…` | 9% |',
    "| The palette, a name typed letter by letter | `POST /indexes/…/search` ×5 (the last 5 prefixes of a real member name's first 7 letters) | 23% |",
    '| Invoices, card payments, applications, e-mails: a list view, then a listed record | `GET /api/<list>?…`, `GET /api/<list>/:id`, ×4 | 36% |',
    '| Edit one of its own members: open, the Edit tab, save with the version read | `GET /api/members/:mid`, `GET /api/members/form-options`, `PATCH /api/members/:mid` (`{phone, version}`) | 14% |',
    '| The list refreshed after the save; one pass in 8 an export of a filtered list instead | `GET /api/members?…` or `GET /api/members/export?country=…&sort=legalName` | 5% (exports 0.6%) |',
    '',
    `Views: members ${code(memberViews)}; invoices ${code(invoiceViews)}; payments ` +
      `${code(paymentViews)}; applications ${code(applicationViews)}; e-mails ${code(emailViews)}. ` +
      'Exports take the countries holding about 1% of the members (about 1,000 rows each). ' +
      'Each operator saves only its own 4 members, so a 409 would be a real conflict, not one ' +
      'it made itself.',
    '',
    `Pace: after each answer the operator reads (a random pause, ${readMeanMs} ms on average, ` +
      `at most 5 s), types the next letter (${keystrokeMs} ms, slower than the palette's 70 ms ` +
      `debounce, so each prefix is asked) or fills in the field (${formMs / 1_000} s); the notes ` +
      'follow the member and the refresh follows the save at once. That is about 1.3 requests a ' +
      'second per operator, busier than people are. A request counts as an error when its status ' +
      'is not 2xx/3xx or no answer came within 30 s. The JSON files give p50/p95/p99/max per ' +
      'request kind, the errors by status, the CPU time a request cost the server(s) and ' +
      'PostgreSQL (from /proc, so it holds whatever else the machine did), and a 20 s run of the ' +
      'same scenario by autocannon without pauses (`withoutPauses`): the capacity in requests a ' +
      "second and the latency of a saturated server, which by Little's law is about 50 ÷ that " +
      'rate.',
    '',
    'Two instances: the second server joins the first one’s embedded PostgreSQL by `DATABASE_URL`',
    '(the app role of `DATA_DIR/postgres-credentials.json` and the port the first published), as',
    'separate machines would; operators are dealt to them in turn (25 each), and the figures',
    'merge every request of both.',
  ],
};

async function withServers<T>(
  context: BenchmarkContext,
  instances: 1 | 2,
  run: (urls: string[], dataDir: string, serverPids: number[]) => Promise<T>,
): Promise<T> {
  const { dataDir } = await seededDataDir(context);
  const servers: ServerHandle[] = [];
  try {
    servers.push(await startServer({ dataDir, seed: 'none' }));
    if (instances === 2) {
      // The second instance joins the first's embedded PostgreSQL as a separate deployment
      // would: by DATABASE_URL (the app role's credentials and the port it published).
      const database = await openDatabase({
        databaseUrl: undefined,
        dataDir,
        role: 'cli',
        logger: silentLogger,
        poolSize: 1,
      });
      const databaseUrl = database.connectionString;
      await database.close();
      servers.push(
        await startServer({
          dataDir: context.newDataDir('load-second-instance'),
          seed: 'none',
          env: { DATABASE_URL: databaseUrl },
        }),
      );
    }
    context.log(`ready: ${servers.map((server) => server.url).join(', ')}`);
    return await run(
      servers.map((server) => server.url),
      dataDir,
      servers.map((server) => server.child.pid ?? 0),
    );
  } finally {
    // The second first: it holds connections to the first's PostgreSQL.
    for (const server of [...servers].reverse()) await server.stop();
  }
}

export const load50Operators: Benchmark = {
  name: 'load-50-operators',
  measures: measures('one server instance'),
  section: mixSection,
  unit: 'ms',
  target: 100,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: 1,
  run: (context) =>
    withServers(context, 1, (urls, dataDir, serverPids) =>
      runLoad({ urls, dataDir, serverPids, log: context.log }),
    ),
};

export const load50OperatorsTwoInstances: Benchmark = {
  name: 'load-50-operators-two-instances',
  measures: measures(
    'two server instances on one PostgreSQL (the second joins by DATABASE_URL), 25 operators on each',
  ),
  section: mixSection,
  unit: 'ms',
  target: 100,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: 1,
  run: (context) =>
    withServers(context, 2, (urls, dataDir, serverPids) =>
      runLoad({ urls, dataDir, serverPids, log: context.log }),
    ),
};
