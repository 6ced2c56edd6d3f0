import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventStreamPath } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStream } from '../../test/event-stream';
import { startMailbox, type Mailbox } from '../../test/mailbox';
import { freePort, newDataDir, startTs, waitForExit, waitForReady } from '../../test/processes';
import { cliActor } from '../db/audit';
import type { DatabaseHandle } from '../db/database';
import { openDatabaseByUrl } from '../db/test-support';
import { queueEmail } from '../emails';
import { newId } from '../lib/ids';
import { addOperator } from '../operators/service';
import { waitUntil } from '../../test/wait-for';
import { insertMembers } from '../../test/fixtures';

const execFileAsync = promisify(execFile);

/** Debian's PostgreSQL 15 (the oldest DATABASE_URL supports), run as the 'postgres' user. */
const pgBin = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL of this test's own, which it stops and starts again: the shared test cluster
 * serves every other test file at once and must never be stopped. Trust on loopback only.
 */
async function createCluster(port: number) {
  const dataDir = newDataDir();
  fs.mkdirSync(dataDir, { mode: 0o700 });
  const asPostgres = (program: string, args: string[]) =>
    execFileAsync('runuser', ['-u', 'postgres', '--', path.join(pgBin, program), ...args]);
  const { stdout } = await execFileAsync('id', ['-u', 'postgres']);
  const { stdout: gid } = await execFileAsync('id', ['-g', 'postgres']);
  fs.chownSync(dataDir, Number(stdout.trim()), Number(gid.trim()));
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
  const logFile = path.join(dataDir, 'server.log');
  return {
    start: () => asPostgres('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', 'start']),
    stop: (mode: 'fast' | 'immediate' = 'fast') =>
      asPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    remove: () => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }),
  };
}

const waitFor = <T>(read: () => Promise<T | undefined>, timeoutMs = 20_000) =>
  waitUntil(read, { timeoutMs, ignoreErrors: true });

type Ready = { status: string; database: string; jobQueue: { schema: string; runner: string } };

/**
 * PostgreSQL stopped under a running server (issue 20): the process stays up and answers 503
 * while the database is away, and comes back by itself: readiness, the API, the change feed
 * (the LISTEN connection reconnects and listens again), and the e-mail and job queued before
 * the outage are delivered and run after it, none lost.
 */
describe('a PostgreSQL outage', () => {
  let cluster: Awaited<ReturnType<typeof createCluster>>;
  let mailbox: Mailbox;
  let database: DatabaseHandle;
  let server: ReturnType<typeof startTs>;
  let url: string;
  let cookie: string;

  beforeAll(async () => {
    const pgPort = await freePort();
    cluster = await createCluster(pgPort);
    await cluster.start();
    const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    const admin = await openDatabaseByUrl(adminUrl, 1);
    await sql`CREATE DATABASE operations`.execute(admin.db);
    await admin.close();
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/operations`;

    mailbox = await startMailbox();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = startTs('src/main.ts', {
      DATABASE_URL: databaseUrl,
      DATA_DIR: newDataDir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      SMTP_URL: mailbox.url,
      LOG_FORMAT: 'json',
    });
    await waitForReady(url, server);
    database = await openDatabaseByUrl(databaseUrl);
    const password = 'outage survivor password 42';
    await addOperator(database.db, cliActor, { email: 'ops@example.org', password });
    const signIn = await fetch(`${url}/api/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.org', password }),
    });
    expect(signIn.status).toBe(200);
    cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await waitForExit(server).catch(() => undefined);
    }
    await database?.close();
    await mailbox?.close();
    await cluster?.stop('immediate').catch(() => undefined);
    cluster?.remove();
  });

  it('keeps the server up, answers 503 meanwhile, and recovers without a restart', async () => {
    const stream = eventStream(await fetch(`${url}${eventStreamPath}`, { headers: { cookie } }));
    expect(await stream.next('operator')).toMatchObject({ active: true });

    // Queued before the outage, due during it: an e-mail and a job.
    await database.db.transaction().execute(async (trx) => {
      const eid = await queueEmail(trx, 'ops@example.org', {
        to: ['member@example.org'],
        subject: 'Sent after the outage',
        text: 'Queued before PostgreSQL stopped.',
        kind: 'test',
      });
      await trx
        .updateTable('emails')
        .set({ next_attempt_at: sql<Date>`now() + interval '3 seconds'` })
        .where('eid', '=', eid)
        .execute();
      await sql`SELECT graphile_worker.add_job('auth-maintenance',
        run_at => now() + interval '3 seconds')`.execute(trx);
    });

    await cluster.stop('fast');

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'not-ready',
      database: 'unreachable',
      jobQueue: { schema: 'unknown' },
    });
    const me = await fetch(`${url}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(503);
    expect(me.headers.get('retry-after')).toBe('5');
    expect(await me.json()).toMatchObject({ error: { code: 'unavailable' } });
    // The e-mail and the job come due, the pools' idle clients and the LISTEN connection fail,
    // the workers poll: the process lives through all of it.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(server.exitCode).toBeNull();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    expect(mailbox.messages).toHaveLength(0);

    await cluster.start();

    const back = await waitFor(async () => {
      const response = await fetch(`${url}/readyz`);
      return response.status === 200 ? ((await response.json()) as Ready) : undefined;
    });
    expect(back).toMatchObject({
      status: 'ready',
      database: 'reachable',
      jobQueue: { schema: 'installed', runner: 'running' },
    });
    expect((await fetch(`${url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);

    // The change feed listens again: the stream says changes may have been missed, then
    // carries a change made now.
    await stream.next('reconnected', 20_000);
    const mid = newId();
    await insertMembers(database.db, [
      {
        mid,
        number: 'M-000900',
        category: 'individual',
        status: 'active',
        legal_name: 'After',
      },
    ]);
    for (;;) {
      const change = (await stream.next('change', 5_000)) as { table: string; id: string };
      if (change.table === 'members' && change.id === mid) break;
    }
    await stream.cancel();

    // Nothing queued before the outage was lost.
    const mail = await mailbox.waitFor('member@example.org', { timeoutMs: 20_000 });
    expect(mail.subject).toBe('Sent after the outage');
    const run = await waitFor(async () =>
      database.db
        .selectFrom('job_runs')
        .select(['state'])
        .where('task', '=', 'auth-maintenance')
        .where('state', '=', 'succeeded')
        .executeTakeFirst(),
    );
    expect(run.state).toBe('succeeded');

    expect(server.exitCode).toBeNull();
    // The outage is logged once per pool, not once per failed query.
    const lost = server
      .output()
      .split('\n')
      .filter((line) => line.includes('PostgreSQL connection lost'));
    expect(lost.filter((line) => line.includes('"pool":"main"'))).toHaveLength(1);
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
  }, 120_000);
});
