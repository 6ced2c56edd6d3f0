import { eventStreamPath } from '@ops/contract';
import type {
  TEmailTemplate,
  TEmailTemplateSaveResult,
  TMemberDetail,
  TMembersListPage,
  TMemberUpload,
  TMemberUploadInvalidRows,
  TSearchIndexesResponse,
  TSearchTask,
} from '@ops/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../test/database';
import { eventStream } from '../test/event-stream';
import { newDataDir, runTs, waitForExit, waitForReady } from '../test/processes';
import { createUser } from './auth/accounts';
import { throttleLimits } from './auth/throttle';
import { cliActor } from './db/audit';
import type { DatabaseHandle } from './db/database';
import { openDatabaseByUrl } from './db/test-support';
import { writeTransaction } from './db/transaction';
import { addOperator } from './operators/service';
import type { ErrorBody } from '../test/requests';
import {
  killMidRun,
  startServerInstance,
  waitFor,
  type ServerInstance as Instance,
} from './jobs/two-instances-test-support';

/** Both instances serve one site behind one address (a reverse proxy in production). */
const publicUrl = 'http://localhost:3000';
const password = 'correct horse battery staple 42';

/**
 * Issue 20, "several instances, proven": two real server processes on one PostgreSQL
 * (DATABASE_URL), each claim of the issue tried across them. Nothing a request needs lives in
 * one process: sessions, rate limits, the change feed (LISTEN/NOTIFY), search tasks and uploads
 * are all in the database. "A scheduled job runs once" (and a job's takeover from a killed
 * instance) is proven by jobs/two-instances.test.ts and not repeated here.
 */
describe('two server instances on one PostgreSQL', () => {
  let databaseUrl: string;
  let database: DatabaseHandle;
  let a: Instance;
  let b: Instance;
  let cookie: string;

  const start = () => startServerInstance(databaseUrl, { PUBLIC_URL: publicUrl });

  /** Waits until the instance answers /readyz; its output explains why it did not. */
  const ready = async (instance: Instance) => {
    try {
      await waitForReady(instance.url, instance.child, 90_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${instance.child.output()}`, { cause: error });
    }
  };

  /** A request as the console sends it: the session cookie, and the site's Origin on writes. */
  const send = async <T = ErrorBody>(
    instance: Instance,
    method: string,
    path: string,
    options: { body?: unknown; raw?: Buffer; as?: string } = {},
  ): Promise<{ status: number; body: T; response: Response }> => {
    const headers: Record<string, string> = { origin: publicUrl };
    const as = options.as ?? cookie;
    if (as) headers.cookie = as;
    let body: string | Buffer | undefined;
    if (options.raw) {
      headers['content-type'] = 'text/csv';
      body = options.raw;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${instance.url}${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      body: (text && response.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : text) as T,
      response,
    };
  };

  const signIn = async (instance: Instance, email: string, secret: string) =>
    send<ErrorBody>(instance, 'POST', '/api/auth/password', {
      body: { email, password: secret },
      as: '',
    });

  /** Signs in by password on one instance; answers the session cookie (`name=value`). */
  const signInOn = async (instance: Instance, email: string) => {
    const signedIn = await signIn(instance, email, password);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const sessionCookie = signedIn.response.headers
      .getSetCookie()
      .find((value) => value.startsWith('ops_session='));
    return sessionCookie?.split(';')[0] ?? '';
  };

  beforeAll(async () => {
    databaseUrl = await createEmptyDatabase();
    // Both instances start on the empty database while a small demo data set is loaded the
    // way an operator loads one, beside them (the three migrate it once between them).
    const seeding = runTs('src/cli/main.ts', ['seed', 'demo', '--scale', '200'], {
      DATABASE_URL: databaseUrl,
      DATA_DIR: newDataDir(),
    });
    [a, b] = await Promise.all([start(), start()]);
    await Promise.all([a, b].map(ready));
    const seeded = await seeding;
    if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    database = await openDatabaseByUrl(databaseUrl);
    await addOperator(database.db, cliActor, {
      email: 'two-sites@example.org',
      password,
      roles: ['admin'],
    });
    cookie = await signInOn(a, 'two-sites@example.org');
  }, 240_000);

  afterAll(async () => {
    for (const { child } of [a, b]) {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT'); // a paused instance must be able to stop
        child.kill('SIGTERM');
      }
    }
    await Promise.all(
      [a, b].map((instance) => instance && waitForExit(instance.child).catch(() => undefined)),
    );
    await database?.close();
  });

  it('a session made on A works on B, and signing out on A ends it on B', async () => {
    const session = await signInOn(a, 'two-sites@example.org');
    expect(session).toMatch(/^ops_session=./);
    const list = await send<TMembersListPage>(b, 'GET', '/api/members?limit=5', { as: session });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(5);

    // Signed out on A: B refuses the cookie at once (no instance keeps sessions of its own).
    expect((await send(a, 'POST', '/api/auth/sign-out', { as: session })).status).toBe(200);
    const refused = await send(b, 'GET', '/api/members?limit=1', { as: session });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthenticated');
    // The session of beforeAll, another browser's, is untouched.
    expect((await send(b, 'GET', '/api/members?limit=1')).status).toBe(200);
  });

  it('a change saved through A reaches the change feed a list on B follows within 1 s', async () => {
    const list = await send<TMembersListPage>(b, 'GET', '/api/members?limit=1&sort=number');
    const mid = list.body.data[0]?.mid ?? '';
    expect(mid).not.toBe('');

    // The console's one event stream, opened on B.
    const response = await fetch(`${b.url}${eventStreamPath}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const events = eventStream(response);
    try {
      // The operator record comes once the stream follows the changes.
      expect(await events.next('operator', 10_000)).toMatchObject({ active: true });

      // The edit form reads the member, then saves with the version it read.
      const detail = await send<TMemberDetail>(a, 'GET', `/api/members/${mid}`);
      expect(detail.status).toBe(200);
      const legalName = 'Quillfeather Zephyr Logistics';
      const announced = events
        .readUntil(JSON.stringify({ table: 'members', id: mid, op: 'update' }), 10_000)
        .then(() => Date.now());
      const saved = await send<TMemberDetail>(a, 'PATCH', `/api/members/${mid}`, {
        body: { version: detail.body.version, legalName },
      });
      const savedAt = Date.now();
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.legalName).toBe(legalName);
      // Measured from A's answer (the change is committed by then): the NOTIFY of the commit,
      // B's listener and B's stream. It may even arrive before A's answer is read.
      expect((await announced) - savedAt).toBeLessThan(1_000);

      // The list on B refetches and shows the new value.
      const refetched = await send<TMembersListPage>(
        b,
        'GET',
        `/api/members?q=${encodeURIComponent('Quillfeather Zephyr')}`,
      );
      expect(refetched.status).toBe(200);
      expect(refetched.body.data.map((row) => [row.mid, row.legalName])).toEqual([
        [mid, legalName],
      ]);
    } finally {
      await events.cancel();
    }
  });

  it('rate limits are shared: failed sign-ins on A and B count against one limit', async () => {
    const email = 'guarded@example.org';
    await writeTransaction(database.db, (trx) => createUser(trx, cliActor, { email, password }));
    const limit = throttleLimits.passwordFailuresPerAccount.points;
    // Alternately on A and B: each instance sees only half of them.
    for (let i = 0; i < limit; i++) {
      const attempt = await signIn(i % 2 === 0 ? a : b, email, `wrong guess ${i}`);
      expect(attempt.status).toBe(400);
      expect(attempt.body.error.code).toBe('auth/wrong-password');
    }
    // Per instance, this would be the sixth failure; together it is one over the limit.
    for (const instance of [a, b]) {
      const locked = await signIn(instance, email, 'wrong guess again');
      expect(locked.status).toBe(429);
      expect(locked.body.error.code).toBe('auth/too-many-requests');
    }
    // The account is locked on both, even for its right password.
    expect((await signIn(b, email, password)).status).toBe(429);
  });

  it('an upload started on A is committed through B, whose report and progress show it', async () => {
    const file = [
      'Membership number,Legal name,Category,Status,Country',
      'TI-0001,Twin Harbour Freight AG,individual,active,CH',
      'TI-0002,Twin Rail Cargo GmbH,association,active,DE',
      'TI-0003,Twin Nowhere Ltd,individual,active,Atlantis',
      'TI-0004,Twin Skies SARL,individual,active,FR',
    ].join('\n');
    const uploaded = await send<TMemberUpload>(
      a,
      'POST',
      `/api/members/uploads?filename=${encodeURIComponent('twin members.csv')}`,
      { raw: Buffer.from(`${file}\n`, 'utf8') },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { id } = uploaded.body;
    const validated = await send<TMemberUpload>(a, 'POST', `/api/members/uploads/${id}/validate`, {
      body: { mapping: uploaded.body.mapping },
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.validation).toMatchObject({ rows: 4, valid: 3, invalid: 1, toInsert: 3 });

    // B reads the upload A made and lists its invalid row.
    const seen = await send<TMemberUpload>(b, 'GET', `/api/members/uploads/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'validated', filename: 'twin members.csv' });
    const invalid = await send<TMemberUploadInvalidRows>(
      b,
      'GET',
      `/api/members/uploads/${id}/invalid-rows`,
    );
    expect(invalid.status).toBe(200);
    expect(invalid.body.data.map((row) => row.line)).toEqual([4]);

    const committed = await send<TMemberUpload>(b, 'POST', `/api/members/uploads/${id}/commit`, {
      body: { mode: 'valid-only' },
    });
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    expect(committed.body.status).toBe('committed');
    expect(committed.body.result).toMatchObject({ inserted: 3, rejected: 1 });

    // Both instances show the committed upload and its report.
    for (const instance of [a, b]) {
      const view = await send<TMemberUpload>(instance, 'GET', `/api/members/uploads/${id}`);
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({ status: 'committed', result: { inserted: 3 } });
    }
    const rejected = await send<string>(b, 'GET', `/api/members/uploads/${id}/rejected.csv`);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toContain('Twin Nowhere Ltd');
    const members = await database.db
      .selectFrom('members')
      .select(['number', 'legal_name'])
      .where('number', 'like', 'TI-%')
      .orderBy('number')
      .execute();
    expect(members.map((member) => member.number)).toEqual(['TI-0001', 'TI-0002', 'TI-0004']);
  });

  it('a template reverted and saved again on A is the wording B sends next (issue 31)', async () => {
    // B compiles the template it sends; A changes it. A cache keyed by version would keep
    // sending "A" from B: after a revert, the next save is version 1 again.
    const member = await database.db
      .selectFrom('members')
      .select(['mid', 'preferred_language'])
      .where('email', 'is not', null)
      .where('deleted_at', 'is', null)
      .orderBy('mid')
      .executeTakeFirstOrThrow();
    const language = member.preferred_language;
    const templatePath = `/api/settings/email-templates/statement-of-account/${language}`;
    const current = await send<TEmailTemplate>(a, 'GET', templatePath);
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    const { text, html } = current.body;
    const saveOnA = async (subject: string) => {
      const saved = await send<TEmailTemplateSaveResult>(a, 'PUT', templatePath, {
        body: { subject, text, html, version: null },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.template.version).toBe(1);
    };
    const sendOnB = async (from: string, to: string) => {
      const sent = await send<{ eid: string }>(
        b,
        'POST',
        `/api/members/${member.mid}/statement/send`,
        {
          body: { from, to },
        },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const email = await database.db
        .selectFrom('emails')
        .select('subject')
        .where('eid', '=', sent.body.eid)
        .executeTakeFirstOrThrow();
      return email.subject;
    };
    try {
      await saveOnA('A: {{ member.number }}');
      expect(await sendOnB('2025-01-01', '2025-01-31')).toMatch(/^A: /);
      expect((await send(a, 'POST', `${templatePath}/revert`, { body: {} })).status).toBe(200);
      await saveOnA('B: {{ member.number }}');
      expect(await sendOnB('2025-02-01', '2025-02-28')).toMatch(/^B: /);
    } finally {
      await send(a, 'POST', `${templatePath}/revert`, { body: {} });
    }
  });

  it('a search rebuild started on A survives A being killed and finishes on B', async () => {
    const indexes = await send<TSearchIndexesResponse>(a, 'GET', '/api/search/indexes');
    const index = indexes.body.indexes[0]?.index ?? '';
    // Members' and applications' documents name their country: with the countries table held
    // by another transaction, the rebuild writes the other types' documents and then waits
    // there, mid-run. B is paused meanwhile, so that A is the instance that takes the task.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE countries IN ACCESS EXCLUSIVE MODE');
      b.child.kill('SIGSTOP');
      let task: TSearchTask;
      let startedOnA: Date | null;
      try {
        const requested = await send<TSearchTask>(
          a,
          'POST',
          `/api/search/indexes/${index}/rebuild`,
          {
            body: {},
          },
        );
        expect(requested.status, JSON.stringify(requested.body)).toBe(202);
        task = requested.body;
        const midRun = await waitFor(async () => {
          const row = await database.db
            .selectFrom('search_tasks')
            .selectAll()
            .where('uid', '=', String(task.uid))
            .executeTakeFirstOrThrow();
          return row.status === 'processing' && row.processed > 0 ? row : undefined;
        });
        expect(midRun.processed).toBeLessThan(midRun.total);
        startedOnA = midRun.started_at;
      } finally {
        b.child.kill('SIGCONT');
      }

      await killMidRun(a, blocker, 'ROLLBACK');

      // B notices the task whose runner is gone (its lock went with its connection), claims
      // it again and rebuilds to the end.
      const finished = await waitFor(async () => {
        const row = await database.db
          .selectFrom('search_tasks')
          .selectAll()
          .where('uid', '=', String(task.uid))
          .executeTakeFirstOrThrow();
        return row.status === 'processing' || row.status === 'enqueued' ? undefined : row;
      }, 30_000);
      expect(finished.status).toBe('succeeded');
      expect(finished.error).toBeNull();
      expect(new Date(finished.started_at ?? 0).getTime()).toBeGreaterThan(
        new Date(startedOnA ?? Date.now()).getTime(),
      );

      const counts = await database.db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('members')
            .select(eb.fn.countAll<string>().as('n'))
            .where('deleted_at', 'is', null)
            .as('member'),
          eb
            .selectFrom('users')
            .select(eb.fn.countAll<string>().as('n'))
            .where('deleted_at', 'is', null)
            .as('profile'),
          eb
            .selectFrom('applications')
            .select(eb.fn.countAll<string>().as('n'))
            .where('deleted_at', 'is', null)
            .as('application'),
          eb.selectFrom('invoices').select(eb.fn.countAll<string>().as('n')).as('invoice'),
        ])
        .executeTakeFirstOrThrow();
      const expected = Object.fromEntries(
        Object.entries(counts).map(([type, n]) => [type, Number(n)]),
      );
      const total = Object.values(expected).reduce((sum, n) => sum + n, 0);
      expect(finished.processed).toBe(total);

      // B's search indexes screen: the task, and the index holding every document.
      const viewed = await send<TSearchTask>(b, 'GET', `/api/search/tasks/${task.uid}`);
      expect(viewed.body).toMatchObject({ status: 'succeeded', processed: total, total });
      expect(viewed.body.perType).toEqual(expected);
      const after = await send<TSearchIndexesResponse>(b, 'GET', '/api/search/indexes');
      const stats = after.body.indexes[0];
      expect(stats?.documents).toBe(total);
      expect(
        Object.fromEntries(stats?.types.map((type) => [type.type, type.documents]) ?? []),
      ).toEqual(expected);
    } finally {
      await blocker.end();
    }
  });
});
