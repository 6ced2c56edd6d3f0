import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Benchmark, BenchmarkContext, BenchmarkOutcome } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { addOperator, runOps, signInCookie } from '../lib/operator';
import { startServer, waitForExit, type ServerHandle } from '../lib/processes';
import { clock } from '../../../apps/server/src/lib/clock';

/**
 * Faults (issue 20): the production server killed outright (SIGKILL) in the middle of a member
 * CSV commit, an invoice renewal run and a bank statement import, each started through the HTTP
 * API as the console starts it, on a seeded database. After the kill the database is read
 * directly (one repeatable-read snapshot) for anything half-written, the server is started
 * again, and the work is resumed or re-run as a person would; the final state must be what a
 * clean run gives. The sample is the recovery: from spawning the new server to the work done.
 * Every invariant checked is printed and kept in the result's details; one broken misses the
 * target whatever the time.
 *
 * `fault-postgres-outage` (in postgres-outage.ts) stops PostgreSQL under load.
 */

/** Members of the seeded database; BENCH_FAULT_SCALE makes a smaller one to try it out. */
export const faultScale = Number(process.env.BENCH_FAULT_SCALE ?? 20_000);
const operatorEmail = 'bench-faults@ops.demo.example';
const operatorPassword = 'bench faults password 2026';
/** Rows of the member CSV: three of the commit's 10,000-line batches, so a kill lands mid-way. */
const uploadRows = Number(process.env.BENCH_FAULT_UPLOAD_ROWS ?? 30_000);
/** Credit transactions of the bank file. */
const bankEntries = Number(process.env.BENCH_FAULT_BANK_ENTRIES ?? 6_000);
const renewalYear = clock.year() + 1;
const pollMs = 20;

// ---------------------------------------------------------------------------------------------
// Shared preparation, checks and database access

export type FaultDataDir = { dataDir: string };

/** The seeded DATA_DIR every fault benchmark of this invocation works on, one after the other. */
export function faultDataDir(context: BenchmarkContext): Promise<FaultDataDir> {
  return context.shared('fault-data-dir', async () => {
    const dataDir = context.newDataDir(`faults-${faultScale}`);
    context.log(`seeding ${faultScale.toLocaleString('en')} members for the fault benchmarks`);
    const startedAt = performance.now();
    await runOps(['seed', 'demo', '--scale', String(faultScale)], dataDir, 15 * 60_000);
    await addOperator(dataDir, operatorEmail, operatorPassword);
    context.log(`seeded in ${formatDuration(performance.now() - startedAt)}`);
    return { dataDir };
  });
}

export type Invariant = { invariant: string; held: boolean; observed: string };

/** The invariants a fault benchmark checks, each printed as it is checked. */
export class Invariants {
  readonly list: Invariant[] = [];
  constructor(private readonly log: (line: string) => void) {}

  check(invariant: string, held: boolean, observed: unknown): boolean {
    const text = typeof observed === 'string' ? observed : JSON.stringify(observed);
    this.list.push({ invariant, held, observed: text });
    this.log(`${held ? 'held  ' : 'BROKEN'} ${invariant} — ${text}`);
    return held;
  }

  get allHeld(): boolean {
    return this.list.every((entry) => entry.held);
  }

  outcome(recoveryMs: number, details: Record<string, unknown>): BenchmarkOutcome {
    return {
      samples: [recoveryMs],
      invariantsHeld: this.allHeld,
      details: { ...details, invariants: this.list },
    };
  }
}

/**
 * A direct connection to the DATA_DIR's cluster as its superuser (the port of the process that
 * runs it, the password of its credentials file): the checks read the tables themselves, not
 * what the API says of them.
 */
export async function connectDirect(dataDir: string): Promise<pg.Client> {
  const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'owner.json'), 'utf8')) as {
    port: number | null;
  };
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as { user: string; password: string };
  if (!owner.port) throw new Error(`${dataDir}: its PostgreSQL has no port yet`);
  const client = new pg.Client({
    host: '127.0.0.1',
    port: owner.port,
    user: credentials.user,
    password: credentials.password,
    database: 'operations',
    application_name: 'bench-faults',
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Reads in one repeatable-read snapshot, so that checks never see two moments. */
async function inSnapshot<T>(client: pg.Client, read: () => Promise<T>): Promise<T> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    return await read();
  } finally {
    await client.query('COMMIT');
  }
}

/** The first row of a query, its numeric-looking columns as numbers (counts, sums). */
async function row<K extends string>(
  client: pg.Client,
  keys: readonly K[],
  text: string,
  values: unknown[] = [],
): Promise<Record<K, number>> {
  const result = await client.query(text, values);
  const first = (result.rows[0] ?? {}) as Record<string, unknown>;
  // PostgreSQL folds unquoted aliases to lower case.
  return Object.fromEntries(
    keys.map((key) => {
      const value = first[key.toLowerCase()];
      if (value === undefined) throw new Error(`no column ${key} in: ${text}`);
      return [key, value === null ? 0 : Number(value)];
    }),
  ) as Record<K, number>;
}

type Json = Record<string, unknown>;

async function api(
  server: { url: string },
  cookie: string,
  method: 'GET' | 'POST',
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${server.url}${apiPath}`, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Json;
  return { status: response.status, json };
}

async function apiOk(
  server: { url: string },
  cookie: string,
  method: 'GET' | 'POST',
  apiPath: string,
  body?: unknown,
): Promise<Json> {
  const { status, json } = await api(server, cookie, method, apiPath, body);
  if (status >= 300) throw new Error(`${method} ${apiPath}: ${status} ${JSON.stringify(json)}`);
  return json;
}

/** Polls `read` until it answers something (not undefined), or fails after `timeoutMs`. */
async function waitUntil<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = pollMs,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** SIGKILL, as the kernel's OOM killer or a pulled plug would; waits for the process to go. */
async function killOutright(server: ServerHandle): Promise<void> {
  server.child.kill('SIGKILL');
  await waitForExit(server.child, 10_000);
}

/** The request that was running when the server died: it must not have answered a success. */
function settle(request: Promise<Response>): Promise<string> {
  return request.then(
    async (response) => `answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    (error: unknown) =>
      `no answer (${String((error as { cause?: { code?: unknown } }).cause?.code ?? error)})`,
  );
}

async function startAndSignIn(dataDir: string) {
  const server = await startServer({ dataDir, seed: 'none' });
  const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
  return { server, cookie };
}

/**
 * Kills the running server, starts a new one on the same DATA_DIR (whose start stops the
 * PostgreSQL the dead process left running) and signs in again; answers when the spawn was.
 */
async function restartAfterKill(context: BenchmarkContext, server: ServerHandle, dataDir: string) {
  await killOutright(server);
  const leftover = readPostmasterPid(dataDir);
  const isLeftoverAlive = leftover !== null && isAlive(leftover);
  context.log(
    `server SIGKILLed; its PostgreSQL ${isLeftoverAlive ? `(pid ${leftover}) is still running` : 'is gone'}`,
  );
  const restartedAt = performance.now();
  const restarted = await startAndSignIn(dataDir);
  context.log(`restarted, ready in ${formatDuration(restarted.server.readyMs)}`);
  return { ...restarted, restartedAt, leftoverPostmaster: isLeftoverAlive };
}

function readPostmasterPid(dataDir: string): number | null {
  try {
    const text = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    const pid = Number(text.split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// ---------------------------------------------------------------------------------------------
// Member CSV commit

/** New members F-0000001…, the columns a federation's export has (the mapping is guessed). */
function memberFile(rows: number): Buffer {
  const statuses = ['active', 'active', 'active', 'overdue', 'pending-payment', 'suspended'];
  const countries = ['CH', 'DE', 'FR', 'IT', 'AT', 'NL', 'BE', 'ES', 'GB', 'US'];
  const lines = [
    'Membership number;Legal name;Trade name;Category;Status;Country;City;E-mail;Joined;Paid through',
  ];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `F-${String(i + 1).padStart(7, '0')}`,
        `Fault Freight ${i} AG`,
        i % 3 === 0 ? `Fault Cargo ${i}` : '',
        i % 40 === 0 ? 'association' : 'individual',
        statuses[i % statuses.length],
        countries[i % countries.length],
        'Basel',
        `office${i}@fault-freight.example`,
        `${2000 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        String(2020 + (i % 7)),
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** The file's members, their audit entries and all members, in one snapshot. */
async function memberCounts(client: pg.Client) {
  return inSnapshot(client, async () => ({
    ...(await row(
      client,
      ['members', 'fileMembers'],
      `SELECT count(*) AS members, count(*) FILTER (WHERE number LIKE 'F-%') AS fileMembers
         FROM members`,
    )),
    ...(await row(
      client,
      ['audited', 'auditedMembers'],
      `SELECT count(*) AS audited, count(DISTINCT a.record_id) AS auditedMembers
         FROM audit_log a JOIN members m ON m.mid = a.record_id
        WHERE a.table_name = 'members' AND m.number LIKE 'F-%'`,
    )),
  }));
}

async function runKillMemberCommit(context: BenchmarkContext): Promise<BenchmarkOutcome> {
  const { dataDir } = await faultDataDir(context);
  const invariants = new Invariants(context.log);
  const file = memberFile(uploadRows);
  let { server, cookie } = await startAndSignIn(dataDir);
  let client = await connectDirect(dataDir);
  try {
    const before = await memberCounts(client);
    const uploadResponse = await fetch(`${server.url}/api/members/uploads?filename=fault.csv`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(file),
    });
    const upload = (await uploadResponse.json()) as { id: string; mapping: unknown };
    if (uploadResponse.status !== 201) throw new Error(`upload: ${JSON.stringify(upload)}`);
    const base = `/api/members/uploads/${upload.id}`;
    const validated = await apiOk(server, cookie, 'POST', `${base}/validate`, {
      mapping: upload.mapping,
    });
    const validation = validated.validation as { valid: number; invalid: number };
    if (validation.invalid !== 0 || validation.valid !== uploadRows) {
      throw new Error(`validation: ${JSON.stringify(validation)}`);
    }

    // The commit, as the console's button sends it; killed once a batch is in and more to come.
    const commitRequest = fetch(`${server.url}${base}/commit`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'all-or-nothing' }),
    });
    const commitAnswer = settle(commitRequest);
    const midWay = await waitUntil(
      'the commit half-way',
      async () => {
        const { json } = await api(server, cookie, 'GET', base);
        if (json.status === 'committed') throw new Error('the commit ended before the kill');
        const progress = json.progress as { phase: string; done: number; total: number } | null;
        return json.status === 'committing' &&
          progress?.phase === 'committing' &&
          progress.done > 0 &&
          progress.done < progress.total
          ? progress
          : undefined;
      },
      120_000,
    );
    context.log(`commit at ${midWay.done} of ${midWay.total} rows: SIGKILL`);
    await client.end();
    const restarted = await restartAfterKill(context, server, dataDir);
    ({ server, cookie } = restarted);
    invariants.check(
      'the killed commit request got no success answer',
      !(await commitAnswer).startsWith('answered 2'),
      await commitAnswer,
    );

    // Nothing half-written: the file's members all there or none, each with its audit entry.
    client = await connectDirect(dataDir);
    const afterKill = await memberCounts(client);
    const { rows: uploadRowsAfterKill } = await client.query<{
      status: string;
      staged: string;
    }>(
      `SELECT u.status, (SELECT count(*) FROM member_upload_rows r WHERE r.upload_id = u.id) AS staged
         FROM member_uploads u WHERE u.id = $1`,
      [upload.id],
    );
    const state = uploadRowsAfterKill[0];
    invariants.check(
      "after the kill, the file's members are all there or none",
      afterKill.fileMembers === 0 ||
        (afterKill.fileMembers === uploadRows && state?.status === 'committed'),
      `${afterKill.fileMembers} of ${uploadRows} members of the file, upload ${state?.status}`,
    );
    invariants.check(
      'after the kill, the members total moved by the same',
      afterKill.members === before.members + afterKill.fileMembers,
      `${before.members} → ${afterKill.members}`,
    );
    invariants.check(
      'after the kill, every member of the file has its audit entry',
      afterKill.auditedMembers === afterKill.fileMembers,
      `${afterKill.auditedMembers} audited of ${afterKill.fileMembers}`,
    );
    invariants.check(
      'after the kill, the validated rows are still staged (no new validation needed)',
      Number(state?.staged) === uploadRows,
      `${state?.staged} staged rows`,
    );

    // Re-run as a person would: the upload's screen, then Commit again until it is accepted.
    const shown = await apiOk(server, cookie, 'GET', base);
    context.log(`after the restart the upload shows ${String(shown.status)}`);
    let refusals = 0;
    let firstRefusal = '';
    const committed = await waitUntil(
      'the commit accepted again',
      async () => {
        const answer = await api(server, cookie, 'POST', `${base}/commit`, {
          mode: 'all-or-nothing',
        });
        if (answer.status === 200) return answer.json;
        refusals++;
        firstRefusal ||= `${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`;
        if (answer.status >= 500) throw new Error(`commit: ${JSON.stringify(answer.json)}`);
        return undefined;
      },
      5 * 60_000,
      1_000,
    );
    const recoveryMs = performance.now() - restarted.restartedAt;
    context.log(
      `committed again ${formatDuration(recoveryMs)} after the restart` +
        (refusals ? ` (refused ${refusals} time(s) first: ${firstRefusal})` : ''),
    );
    const result = committed.result as { inserted: number };
    invariants.check(
      'the commit re-run inserts every row of the file',
      result.inserted === uploadRows,
      `inserted ${result.inserted}`,
    );
    const final = await memberCounts(client);
    invariants.check(
      "in the end, the file's members are there once each, with one audit entry each",
      final.fileMembers === uploadRows &&
        final.auditedMembers === uploadRows &&
        final.members === before.members + uploadRows,
      final,
    );
    const indexed = await waitUntil(
      'the search index caught up',
      async () => {
        const { json } = await api(server, cookie, 'GET', base);
        return (json.result as Json | null)?.searchIndexedAt ? json : undefined;
      },
      180_000,
      500,
    ).then(
      () => true,
      () => false,
    );
    invariants.check('the commit follow-up (search index) finished', indexed, String(indexed));
    return invariants.outcome(recoveryMs, {
      rows: uploadRows,
      killedAt: midWay,
      restartReadyMs: Math.round(server.readyMs),
      leftoverPostmasterAfterKill: restarted.leftoverPostmaster,
      uploadAfterRestart: shown.status,
      commitRefusalsBeforeAccepted: refusals,
      firstRefusal: firstRefusal || null,
    });
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Invoice renewal run

type RenewalRun = {
  id: string;
  status: string;
  total: number;
  processed: number;
  issued: number;
  alreadyInvoiced: number;
  emailsQueued: number;
  totals: { currency: string; count: number; totalMinor: string }[];
  skipped: { reason: string; count: number }[];
};

/** What the year's invoices look like in the tables, per batch-level invariant. */
async function renewalState(client: pg.Client, runId: string) {
  return inSnapshot(client, async () => {
    const run = await row(
      client,
      ['processed', 'issued', 'already', 'emails', 'skipped'],
      `SELECT processed, issued, already_invoiced AS already, emails_queued AS emails,
              (SELECT coalesce(sum(value::int), 0) FROM jsonb_each_text(skipped)) AS skipped
         FROM invoice_renewal_runs WHERE id = $1`,
      [runId],
    );
    const invoices = await row(
      client,
      ['invoices', 'members', 'withoutLines', 'badSums', 'totalMinor'],
      `SELECT count(*) AS invoices, count(DISTINCT member_mid) AS members,
              count(*) FILTER (WHERE jsonb_typeof(lines) <> 'array' OR jsonb_array_length(lines) = 0)
                AS withoutLines,
              count(*) FILTER (WHERE total_minor <> subtotal_minor + vat_minor + donation_minor
                OR subtotal_minor <> (SELECT coalesce(sum((l->>'quantity')::numeric
                                                          * (l->>'unitAmountMinor')::numeric), 0)
                                        FROM jsonb_array_elements(lines) l)) AS badSums,
              coalesce(sum(total_minor), 0) AS totalMinor
         FROM invoices WHERE kind = 'membership' AND year = $1 AND source = 'generated'`,
      [renewalYear],
    );
    // The year's numbers, whoever issued them: one block per batch, allocated in its transaction.
    const numbers = await row(
      client,
      ['numbered', 'numbers', 'highest'],
      `SELECT count(*) AS numbered, count(DISTINCT number) AS numbers,
              coalesce(max(substring(number from 6)::int), 0) AS highest
         FROM invoices WHERE number LIKE $1`,
      [`${renewalYear}-%`],
    );
    const audits = await row(
      client,
      ['audited'],
      `SELECT count(*) AS audited FROM invoices i
        WHERE i.kind = 'membership' AND i.year = $1 AND i.source = 'generated'
          AND EXISTS (SELECT 1 FROM audit_log a WHERE a.table_name = 'invoices'
                         AND a.record_id = i.iid AND a.action = 'create')`,
      [renewalYear],
    );
    const emails = await row(
      client,
      ['emails'],
      `SELECT count(*) AS emails FROM emails e JOIN invoices i ON i.iid = e.related_id
        WHERE e.related_table = 'invoices' AND e.kind = 'invoice-issued'
          AND i.kind = 'membership' AND i.year = $1`,
      [renewalYear],
    );
    // Member credit applied on issue: each such movement names one of the year's invoices.
    const ledger = await row(
      client,
      ['orphanMovements'],
      `SELECT count(*) AS orphanMovements FROM money_movements m
        WHERE m.invoice_iid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.iid = m.invoice_iid)`,
    );
    const { rows: byCurrency } = await client.query<{ currency: string; n: string; sum: string }>(
      `SELECT trim(currency) AS currency, count(*) AS n, sum(total_minor) AS sum FROM invoices
        WHERE kind = 'membership' AND year = $1 AND source = 'generated' GROUP BY 1 ORDER BY 1`,
      [renewalYear],
    );
    return { run, invoices, numbers, audits, emails, ledger, byCurrency };
  });
}

function checkRenewalState(
  invariants: Invariants,
  when: string,
  state: Awaited<ReturnType<typeof renewalState>>,
) {
  const { run, invoices, numbers, audits, emails, ledger } = state;
  invariants.check(
    `${when}: invoices of the year = invoices the run's committed batches count`,
    invoices.invoices === run.issued,
    `${invoices.invoices} invoices, run says ${run.issued} issued of ${run.processed} processed`,
  );
  invariants.check(
    `${when}: processed = issued + already invoiced + skipped (batch counters move with the batch)`,
    run.processed === run.issued + run.already + run.skipped,
    run,
  );
  invariants.check(
    `${when}: one invoice per member, numbers unique and without gaps (YYYY-000001…)`,
    invoices.members === invoices.invoices &&
      numbers.numbers === numbers.numbered &&
      numbers.highest === numbers.numbered,
    `${invoices.members} members for ${invoices.invoices} invoices; ${numbers.numbered} numbered, ${numbers.numbers} distinct, highest ${numbers.highest}`,
  );
  invariants.check(
    `${when}: every invoice has its lines and its sums add up`,
    invoices.withoutLines === 0 && invoices.badSums === 0,
    `${invoices.withoutLines} without lines, ${invoices.badSums} with sums that differ`,
  );
  invariants.check(
    `${when}: every invoice has its audit entry`,
    audits.audited === invoices.invoices,
    `${audits.audited} of ${invoices.invoices}`,
  );
  invariants.check(
    `${when}: e-mails queued = the run's count`,
    emails.emails === run.emails,
    `${emails.emails} e-mails, run says ${run.emails}`,
  );
  invariants.check(
    `${when}: no ledger movement names a missing invoice`,
    ledger.orphanMovements === 0,
    `${ledger.orphanMovements}`,
  );
}

async function runKillRenewal(context: BenchmarkContext): Promise<BenchmarkOutcome> {
  const { dataDir } = await faultDataDir(context);
  const invariants = new Invariants(context.log);
  let { server, cookie } = await startAndSignIn(dataDir);
  let client = await connectDirect(dataDir);
  try {
    // What the dialog shows before starting: what a clean run issues.
    const preview = (await apiOk(
      server,
      cookie,
      'GET',
      `/api/invoices/renewals/preview?year=${renewalYear}`,
    )) as { toIssue: number; totals: { currency: string; count: number; totalMinor: string }[] };
    context.log(`preview: ${preview.toIssue} invoices to issue for ${renewalYear}`);
    const { rows: clock } = await client.query<{ now: string }>(`SELECT now()::text AS now`);
    const queuedAfter = clock[0]?.now;
    const started = (await apiOk(server, cookie, 'POST', '/api/invoices/renewals', {
      year: renewalYear,
      sendEmails: true,
    })) as RenewalRun;
    const runPath = `/api/invoices/renewals/${started.id}`;
    const midWay = await waitUntil(
      'the renewal run half-way',
      async () => {
        const run = (await apiOk(server, cookie, 'GET', runPath)) as RenewalRun;
        if (run.status !== 'running')
          throw new Error(`the run ended before the kill: ${run.status}`);
        // At least two batches in, and most still to come.
        return run.processed >= 2_000 && run.processed < run.total / 2 ? run : undefined;
      },
      300_000,
    );
    context.log(`run at ${midWay.processed} of ${midWay.total} members: SIGKILL`);
    await client.end();
    const restarted = await restartAfterKill(context, server, dataDir);
    ({ server, cookie } = restarted);

    client = await connectDirect(dataDir);
    const afterKill = await renewalState(client, started.id);
    checkRenewalState(invariants, 'after the kill', afterKill);
    invariants.check(
      'after the kill, the run kept the batches committed before it',
      afterKill.run.processed >= midWay.processed,
      `${afterKill.run.processed} processed (seen ${midWay.processed} before the kill)`,
    );

    // Resumed by the job queue: another runner takes the dead instance's job over.
    let resumedAfterMs: number | null = null;
    const finished = await waitUntil(
      'the run taken over and finished',
      async () => {
        const run = (await apiOk(server, cookie, 'GET', runPath)) as RenewalRun;
        if (run.status === 'failed')
          throw new Error(`the resumed run failed: ${JSON.stringify(run)}`);
        if (resumedAfterMs === null && run.processed > afterKill.run.processed) {
          resumedAfterMs = performance.now() - restarted.restartedAt;
          context.log(`run resumed ${formatDuration(resumedAfterMs)} after the restart`);
        }
        return run.status === 'succeeded' ? run : undefined;
      },
      10 * 60_000,
      200,
    );
    const finishedAfterMs = performance.now() - restarted.restartedAt;
    context.log(`run finished ${formatDuration(finishedAfterMs)} after the restart`);
    // The recovery: until the run moves again (what is left of it is ordinary work).
    const recoveryMs = resumedAfterMs ?? finishedAfterMs;
    const final = await renewalState(client, started.id);
    checkRenewalState(invariants, 'in the end', final);
    const expected = preview.totals
      .map((t) => `${t.currency} ${t.count} ${t.totalMinor}`)
      .join(', ');
    const got = final.byCurrency.map((t) => `${t.currency} ${t.n} ${t.sum}`).join(', ');
    invariants.check(
      'in the end, invoices per currency (count and sum in minor units) = the preview of a clean run',
      final.invoices.invoices === preview.toIssue && expected === got,
      `preview ${expected}; issued ${got}`,
    );
    // Each attempt is a row of job_runs: the dead instance's, marked taken over, then the one
    // that finished the run.
    // The run is marked succeeded in its last transaction; the job's row right after.
    const jobRuns = await waitUntil(
      "the job's attempts finished",
      async () => {
        const { rows } = await client.query<{ state: string; n: string }>(
          `SELECT state, count(*) AS n FROM job_runs
            WHERE task = 'renewal-run' AND queued_at >= $1::timestamptz GROUP BY state`,
          [queuedAfter],
        );
        return rows.some((r) => r.state === 'running' || r.state === 'queued') ? undefined : rows;
      },
      120_000,
      200,
    ).catch(() => []);
    const states = Object.fromEntries(jobRuns.map((r) => [r.state, Number(r.n)]));
    invariants.check(
      "the job queue marked the dead instance's attempt and ran the job once more to success",
      states.succeeded === 1 && (states.failed ?? 0) >= 1,
      states,
    );
    return invariants.outcome(recoveryMs, {
      year: renewalYear,
      toIssue: preview.toIssue,
      killedAt: { processed: midWay.processed, total: midWay.total, issued: midWay.issued },
      afterKill: afterKill.run,
      finished: { processed: finished.processed, issued: finished.issued },
      jobRuns: states,
      resumedAfterMs: resumedAfterMs === null ? null : Math.round(resumedAfterMs),
      finishedAfterMs: Math.round(finishedAfterMs),
      restartReadyMs: Math.round(server.readyMs),
      leftoverPostmasterAfterKill: restarted.leftoverPostmaster,
    });
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Bank statement import

/** Bank tables in one snapshot, with the cross-table invariants of bookings. */
async function bankState(client: pg.Client, messageFile: string) {
  return inSnapshot(client, async () => ({
    ...(await row(
      client,
      ['statements', 'fileStatements'],
      `SELECT count(*) AS statements, count(*) FILTER (WHERE file_name = $1) AS fileStatements
         FROM bank_statements`,
      [messageFile],
    )),
    ...(await row(
      client,
      ['entries', 'booked', 'bookedWithoutMovement', 'withoutStatement', 'unaudited'],
      `SELECT count(*) AS entries, count(*) FILTER (WHERE state = 'booked') AS booked,
              count(*) FILTER (WHERE state = 'booked' AND NOT EXISTS (
                SELECT 1 FROM money_movements m WHERE m.id = e.movement_id AND m.bank_entry_id = e.beid))
                AS bookedWithoutMovement,
              count(*) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM bank_statements s WHERE s.bsid = e.statement_bsid)) AS withoutStatement,
              -- The file's entries (the demo data's were seeded without audit entries).
              count(*) FILTER (WHERE e.statement_bsid IN (
                  SELECT bsid FROM bank_statements WHERE file_name = $1)
                AND NOT EXISTS (SELECT 1 FROM audit_log a
                                 WHERE a.table_name = 'bank_entries' AND a.record_id = e.beid))
                AS unaudited
         FROM bank_entries e`,
      [messageFile],
    )),
    ...(await row(
      client,
      ['movements', 'movedMinor', 'movementsWithoutEntry'],
      `SELECT count(*) AS movements, coalesce(sum(amount_minor), 0) AS movedMinor,
              count(*) FILTER (WHERE bank_entry_id IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM bank_entries e WHERE e.beid = m.bank_entry_id AND e.movement_id = m.id))
                AS movementsWithoutEntry
         FROM money_movements m`,
    )),
    ...(await row(
      client,
      ['paidInvoices', 'paidMinor'],
      `SELECT count(*) FILTER (WHERE status = 'paid') AS paidInvoices,
              coalesce(sum(paid_minor), 0) AS paidMinor FROM invoices`,
    )),
    ...(await row(
      client,
      ['statementsWithWrongCounters'],
      `SELECT count(*) AS statementsWithWrongCounters FROM bank_statements s
        WHERE s.entries <> (SELECT count(*) FROM bank_entries e WHERE e.statement_bsid = s.bsid)
           OR s.booked <> (SELECT count(*) FROM bank_entries e
                            WHERE e.statement_bsid = s.bsid AND e.state = 'booked')
           OR s.credited_minor <> (SELECT coalesce(sum(amount_minor), 0) FROM bank_entries e
                                    WHERE e.statement_bsid = s.bsid AND e.direction = 'credit')`,
    )),
  }));
}

function checkBankConsistency(
  invariants: Invariants,
  when: string,
  state: Awaited<ReturnType<typeof bankState>>,
) {
  invariants.check(
    `${when}: every booked entry has its movement, every bank movement its entry`,
    state.bookedWithoutMovement === 0 && state.movementsWithoutEntry === 0,
    `${state.bookedWithoutMovement} booked without movement, ${state.movementsWithoutEntry} movements without entry`,
  );
  invariants.check(
    `${when}: every entry has its statement, every entry of the file its audit entry`,
    state.withoutStatement === 0 && state.unaudited === 0,
    `${state.withoutStatement} without statement, ${state.unaudited} unaudited`,
  );
  invariants.check(
    `${when}: every statement's counters match its entries`,
    state.statementsWithWrongCounters === 0,
    `${state.statementsWithWrongCounters} statements with wrong counters`,
  );
}

type BankReport = { counts: Record<string, number>; statements?: unknown[] };

async function runKillBankImport(context: BenchmarkContext): Promise<BenchmarkOutcome> {
  const { dataDir } = await faultDataDir(context);
  const invariants = new Invariants(context.log);
  const fileName = 'fault-bank-import.xml';
  const file = path.join(path.dirname(dataDir), fileName);
  const generated = await runOps(
    [
      'seed',
      'bank-file',
      '--out',
      file,
      '--entries',
      String(bankEntries),
      '--batch',
      '50',
      '--matching',
      '95',
      '--day',
      clock.today(),
    ],
    dataDir,
    300_000,
  );
  context.log(`bank file: ${generated.trim().split('\n').pop() ?? ''}`);
  const xml = fs.readFileSync(file);
  let { server, cookie } = await startAndSignIn(dataDir);
  let client = await connectDirect(dataDir);
  const importPath = `/api/bank-statements/imports?fileName=${fileName}`;
  const post = (target: ServerHandle, session: string) =>
    fetch(`${target.url}${importPath}`, {
      method: 'POST',
      headers: { cookie: session, origin: target.url, 'content-type': 'application/xml' },
      body: xml,
    });
  try {
    const before = await bankState(client, fileName);
    checkBankConsistency(invariants, 'before', before);

    const answer = settle(post(server, cookie));
    // Mid-way: the import's transaction holds its account lock and has written entries
    // (RowExclusiveLock on bank_entries), and has not committed.
    const midWay = await waitUntil(
      'the import writing',
      async () => {
        const { rows } = await client.query<{ query: string }>(
          `SELECT a.query FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
             JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE c.relname = 'bank_entries' AND l.mode = 'RowExclusiveLock'
              AND l.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL`,
        );
        return rows[0] ? rows[0].query.slice(0, 60) : undefined;
      },
      120_000,
      10,
    );
    context.log(`import writing ("${midWay}…"): SIGKILL`);
    await client.end();
    const restarted = await restartAfterKill(context, server, dataDir);
    ({ server, cookie } = restarted);
    invariants.check(
      'the killed import request got no success answer',
      !(await answer).startsWith('answered 2'),
      await answer,
    );

    client = await connectDirect(dataDir);
    const afterKill = await bankState(client, fileName);
    checkBankConsistency(invariants, 'after the kill', afterKill);
    invariants.check(
      'after the kill, nothing of the file is there (statement, entries, movements, payments)',
      afterKill.fileStatements === 0 &&
        afterKill.statements === before.statements &&
        afterKill.entries === before.entries &&
        afterKill.movements === before.movements &&
        afterKill.movedMinor === before.movedMinor &&
        afterKill.paidInvoices === before.paidInvoices &&
        afterKill.paidMinor === before.paidMinor,
      {
        statements: afterKill.statements - before.statements,
        entries: afterKill.entries - before.entries,
        movements: afterKill.movements - before.movements,
        paidInvoices: afterKill.paidInvoices - before.paidInvoices,
      },
    );

    // Re-run as a person would: import the same file again.
    const response = await post(server, cookie);
    const report = (await response.json()) as BankReport;
    const recoveryMs = performance.now() - restarted.restartedAt;
    if (!response.ok) throw new Error(`re-import: ${response.status} ${JSON.stringify(report)}`);
    context.log(
      `re-imported ${formatDuration(recoveryMs)} after the restart: ${JSON.stringify(report.counts)}`,
    );
    const final = await bankState(client, fileName);
    checkBankConsistency(invariants, 'after the re-import', final);
    const booked = final.booked - before.booked;
    invariants.check(
      'the re-import books the file as a first import does (no entry taken for a duplicate)',
      final.fileStatements === 1 &&
        (report.counts.duplicates ?? 0) === 0 &&
        booked ===
          (report.counts.paid ?? 0) +
            (report.counts.partial ?? 0) +
            (report.counts.overpaid ?? 0) &&
        final.movements - before.movements === booked &&
        final.entries - before.entries === bankEntries,
      {
        counts: report.counts,
        entries: final.entries - before.entries,
        movements: final.movements - before.movements,
        movedMinor: final.movedMinor - before.movedMinor,
        paidInvoices: final.paidInvoices - before.paidInvoices,
      },
    );
    const money = await row(
      client,
      ['creditedMinor', 'movedMinor', 'settledMinor'],
      `SELECT coalesce(sum(e.amount_minor), 0) AS creditedMinor,
              coalesce(sum(m.amount_minor), 0) AS movedMinor,
              coalesce(sum(m.settles_minor), 0) AS settledMinor
         FROM bank_entries e JOIN bank_statements s ON s.bsid = e.statement_bsid
         LEFT JOIN money_movements m ON m.id = e.movement_id
        WHERE s.file_name = $1 AND e.state = 'booked'`,
      [fileName],
    );
    invariants.check(
      "the money booked (minor units) = what the file's booked entries credit, and the invoices' paid sums moved by what was settled",
      money.movedMinor === money.creditedMinor &&
        final.movedMinor - before.movedMinor === money.movedMinor &&
        final.paidMinor - before.paidMinor === money.settledMinor,
      {
        ...money,
        paidMinorMoved: final.paidMinor - before.paidMinor,
      },
    );
    // Once more: recognised as the same statement, nothing written.
    const again = (await (await post(server, cookie)).json()) as BankReport;
    const twice = await bankState(client, fileName);
    invariants.check(
      'imported once more, the file is recognised as the same statement and nothing is written',
      twice.fileStatements === 1 &&
        twice.entries === final.entries &&
        twice.movements === final.movements &&
        twice.movedMinor === final.movedMinor,
      again.counts,
    );
    return invariants.outcome(recoveryMs, {
      entries: bankEntries,
      killedWhile: midWay,
      reimport: report.counts,
      restartReadyMs: Math.round(server.readyMs),
      leftoverPostmasterAfterKill: restarted.leftoverPostmaster,
    });
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------

/** The Faults section of docs/benchmarks.md (shared by the four fault benchmarks). */
export const faultsSection = {
  title: 'Faults',
  lines: [
    'The fault benchmarks (issue 20) break the production server or its database on purpose, in',
    `the middle of real work started through the HTTP API as the console starts it, on a`,
    `${faultScale.toLocaleString('en')}-member demo database seeded for them, then read the tables`,
    'directly (one repeatable-read snapshot) for anything half-written and bring the work to its',
    'end the way a person would. A benchmark meets its target only when every invariant held; the',
    'invariants of the last run, each with what was seen, are listed below.',
    '',
    '- **SIGKILL during a member CSV commit** (`fault-kill-member-commit`): the commit is one',
    "  transaction, so after the kill the file's members are all there or none, the member total",
    '  moved by the same, each member of the file has its audit entry, and the validated rows are',
    '  still staged. After the restart the upload shows *validated* again with "The commit was',
    '  interrupted (the server stopped) and nothing of it was saved: commit again." (the commit',
    '  holds a lock for its transaction; a free lock means it died), so Commit works at once; it',
    '  inserts every row, once.',
    '- **SIGKILL during an invoice renewal run** (`fault-kill-renewal`): each batch of 1,000',
    "  members is one transaction with the run's counters, so at any moment the year's invoices",
    "  equal the committed batches' count, one per member, numbered without gaps, each with its",
    "  lines, matching sums, audit entry and e-mail. The restarted server's job runner takes the",
    "  dead instance's job over after its heartbeat has been silent for JOB_WORKER_TIMEOUT_SECONDS",
    '  (30 s), and the run resumes after its last committed batch; in the end the invoices per',
    '  currency (count and minor units) equal the preview of a clean run.',
    '- **SIGKILL during a bank statement import** (`fault-kill-bank-import`): the import is one',
    '  transaction, so nothing of the file is there after the kill (statement, entries, movements,',
    "  invoices' payments), every booked entry has its movement and every bank movement its entry,",
    '  statement counters match. The same file imported again books as a first import (no entry',
    '  taken for a duplicate), the money moved equals what the booked entries credit, and a third',
    '  import is recognised as the same statement and writes nothing.',
    '- **PostgreSQL stopped for 10 s under load** (`fault-postgres-outage`): PostgreSQL as its own',
    '  service (the server on DATABASE_URL, as in production), stopped with `pg_ctl stop -m fast`',
    '  while operators list, open and save members, e-mails and jobs queued around the stop. The',
    '  server must not exit, /readyz answers 503 while the database is away and 200 after, requests',
    '  succeed again without a restart, every e-mail is delivered and both jobs succeed.',
    '',
    'After a SIGKILL the embedded PostgreSQL of the dead server keeps running; the next start finds',
    "its postmaster.pid, stops it (fast shutdown: the dead server's transaction rolls back, a",
    'checkpoint is written) and starts the cluster again, which is most of the restart time.',
  ],
};

const seeded = `the ${faultScale.toLocaleString('en')}-member demo database (seeded once for the fault benchmarks)`;

export const faultKillMemberCommit: Benchmark = {
  section: faultsSection,
  name: 'fault-kill-member-commit',
  measures:
    `A ${uploadRows.toLocaleString('en')}-row members CSV uploaded and validated through the API on ${seeded}; ` +
    'the server is SIGKILLed once the commit has applied a batch and has more to go. Checked in the ' +
    "database: the file's members all there or none, the member total, their audit entries, the " +
    'staged rows kept. Then the server is restarted and Commit pressed again until accepted; the ' +
    'sample is from spawning the new server to the commit answered with every row inserted (target: ' +
    'every invariant held, within 120 s).',
  unit: 'ms',
  target: 120_000,
  dataSize: `${uploadRows.toLocaleString('en')} rows, ${faultScale.toLocaleString('en')} members`,
  runs: 1,
  run: runKillMemberCommit,
};

export const faultKillRenewal: Benchmark = {
  section: faultsSection,
  name: 'fault-kill-renewal',
  measures:
    `The renewal run for ${renewalYear} started from the API (as the dialog does, e-mails on) on ${seeded} ` +
    'plus what the earlier fault benchmarks added; SIGKILL after two batches of 1,000. Checked in the ' +
    "database after the kill and at the end: invoices = the run's committed batches, one per member, " +
    'numbers without gaps, lines and sums, audit entries, e-mails; in the end the invoices per currency ' +
    '(count and minor units) equal the preview of a clean run. The job queue takes the run over (30 s ' +
    'of silence) and resumes after its last batch; the sample is from spawning the new server to the ' +
    'run moving again (target 60 s, every invariant held; the time to its end is in the details).',
  unit: 'ms',
  target: 60_000,
  dataSize: `${faultScale.toLocaleString('en')}+ members`,
  runs: 1,
  run: runKillRenewal,
};

export const faultKillBankImport: Benchmark = {
  section: faultsSection,
  name: 'fault-kill-bank-import',
  measures:
    `A camt.054 of ${bankEntries.toLocaleString('en')} credits (95 % paying open invoices) POSTed to the ` +
    `import on ${seeded}; SIGKILL while its transaction writes entries. Checked: nothing of the file ` +
    'is there (statement, entries, movements, paid invoices), every booked entry has its movement and ' +
    'audit entry, statement counters match. The same file is imported again after the restart (it books ' +
    'as a first import), then once more (recognised as the same statement); the sample is from ' +
    'spawning the new server to the re-import answered (target 120 s, every invariant held).',
  unit: 'ms',
  target: 120_000,
  dataSize: `${bankEntries.toLocaleString('en')} payments, ${faultScale.toLocaleString('en')} members`,
  runs: 1,
  run: runKillBankImport,
};
