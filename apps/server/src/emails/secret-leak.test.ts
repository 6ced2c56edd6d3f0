import { Writable } from 'node:stream';
import { operatorRoles, type OperatorRole } from '@ops/contract';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  createTestApp,
  sessionCookieOf,
  signInAsNewOperator,
  testPublicUrl,
  type TestApp,
} from '../../test/app';
import { firstLink, startMailbox, type Mailbox } from '../../test/mailbox';
import { logTransport, smtpTransport, startEmailWorker, type EmailWorker } from './delivery-worker';

/**
 * Issue 13's hole: a read-only operator read the admin's sign-in link in the e-mail log and
 * signed in as the admin. Afterwards no operator, whatever their roles, and no log line, may
 * hold a usable code, while the message that reaches the inbox still signs its reader in.
 */

/** Every JSON line the app and the workers log, at every level a deployment might turn on. */
function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

const targetEmail = 'admin-target@example.org';
const targetPassword = 'correct horse battery staple 42';
const continueUrl = `${testPublicUrl}/members`;

describe('no operator and no log line can read a sign-in or reset secret', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let worker: EmailWorker;
  const log = captureLogger();
  const cookies = new Map<OperatorRole, string>();
  let targetUid: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ SMTP_URL: mailbox.url, LOG_LEVEL: 'trace' }, { logger: log.logger });
    const { database, notifications } = t;
    worker = startEmailWorker({
      db: database.db,
      transport: smtpTransport(mailbox.url),
      notifications,
      logger: log.logger,
      pollMs: 200,
    });
    for (const role of operatorRoles) {
      cookies.set(role, await signInAsNewOperator(t, `${role}-operator@example.org`, [role]));
    }
    // The target is an admin, the account an attacker would want.
    await signInAsNewOperator(t, targetEmail, ['admin']);
    const user = await database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', targetEmail)
      .executeTakeFirstOrThrow();
    targetUid = user.uid;
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await mailbox.close();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: testPublicUrl, ...(cookie ? { cookie } : {}) },
    });

  it('seals the code of every link e-mail, shows none, logs none, and the delivered link signs in', async () => {
    // The three ways a link leaves the console: the public sign-in link and password reset,
    // and an operator's "send a sign-in link" on the user's record.
    expect(
      (await post('/api/auth/email-link', { email: targetEmail, continueUrl })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/password-reset', { email: targetEmail, continueUrl })).statusCode,
    ).toBe(200);
    const sent = await post(`/api/users/${targetUid}/sign-in-link`, {}, cookies.get('admin'));
    expect(sent.statusCode, sent.body).toBe(200);

    const delivered = [
      await mailbox.waitFor(targetEmail),
      await mailbox.waitFor(targetEmail, { after: 1 }),
      await mailbox.waitFor(targetEmail, { after: 2 }),
    ];
    const links = delivered.map(firstLink);
    const codes = links.map((link) => link.searchParams.get('oobCode') ?? '');
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The HTML part carries the same working link.
    for (const [index, mail] of delivered.entries()) {
      expect(String(mail.html)).toContain(codes[index]);
    }
    // Each delivered row keeps no sealed code once the message has left.
    await expect
      .poll(
        async () =>
          (
            await sql<{ open: string }>`SELECT count(*) AS open FROM emails
              WHERE sealed_secret IS NOT NULL OR state <> 'SUCCESS'`.execute(t.database.db)
          ).rows[0]?.open,
      )
      .toBe('0');

    const leaks: string[] = [];
    const check = (where: string, text: string) => {
      for (const code of codes) if (text.includes(code)) leaks.push(where);
    };

    // What is stored: the bodies say [redacted] where the code was.
    const rows = await t.database.db
      .selectFrom('emails')
      .select(['eid', 'text_body', 'html_body', 'template_data', 'subject'])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.text_body).toContain('oobCode=[redacted]');
      check(`emails row ${row.eid}`, JSON.stringify(row));
    }
    const audit = await sql`SELECT * FROM audit_log`.execute(t.database.db);
    check('audit_log', JSON.stringify(audit.rows));

    // Every GET route of the API, as every role, with the ids it may ask for.
    const eids = rows.map((row) => row.eid);
    const valuesOf: Record<string, string[]> = {
      eid: eids,
      uid: [targetUid],
      table: ['users', 'emails'],
      id: [targetUid, ...eids],
      position: ['0'],
    };
    const getRoutes = t.app.routeAccess.filter(
      (route) =>
        route.method === 'GET' &&
        route.url.startsWith('/api/') &&
        !route.url.endsWith('/stream') &&
        !route.url.startsWith('/api/docs'),
    );
    expect(getRoutes.length).toBeGreaterThan(30);
    let requests = 0;
    for (const role of operatorRoles) {
      for (const route of getRoutes) {
        for (const url of expandParams(route.url, valuesOf)) {
          const response = await t.app.inject({
            url,
            headers: { cookie: cookies.get(role) ?? '' },
          });
          requests++;
          check(`${role} GET ${url}`, response.body);
        }
      }
    }
    expect(requests).toBeGreaterThan(100);
    // The e-mail log itself shows the message, with the code redacted.
    const shown = await t.app.inject({
      url: `/api/emails/${eids[0]}`,
      headers: { cookie: cookies.get('read-only') ?? '' },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('oobCode=[redacted]');
    // Opening the link loads the console with the code in the address: the request log must
    // not keep it either.
    for (const link of links) await t.app.inject({ url: `${link.pathname}${link.search}` });
    check('JSON log', log.lines.join(''));
    expect(leaks).toEqual([]);

    // And the delivered messages work: the sign-in links sign in, the reset code is usable.
    const [signInCode, resetCode, operatorSentCode] = codes;
    const signedIn = await post('/api/auth/email-link/complete', {
      email: targetEmail,
      code: signInCode,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(sessionCookieOf(signedIn)).toBeTruthy();
    const reset = await post('/api/auth/password-reset/check', { code: resetCode });
    expect(reset.json()).toEqual({ email: targetEmail });
    const second = await post('/api/auth/email-link/complete', {
      email: targetEmail,
      code: operatorSentCode,
    });
    expect(second.statusCode, second.body).toBe(200);
  });

  it('without SMTP_URL, prints the e-mail once to the terminal and never its link into the log', async () => {
    const terminal: string[] = [];
    const devLog = captureLogger();
    const devWorker = startEmailWorker({
      db: t.database.db,
      // As `npm start` in a terminal: the block shows the working link.
      transport: logTransport(devLog.logger, (line) => terminal.push(line), true),
      notifications: t.notifications,
      logger: devLog.logger,
      pollMs: 200,
    });
    // The SMTP worker of the other test must not take this one.
    await worker.stop();
    try {
      await addTestUser(t.database, 'newcomer@example.org', { password: targetPassword });
      const response = await post('/api/auth/email-link', {
        email: 'newcomer@example.org',
        continueUrl,
      });
      expect(response.statusCode).toBe(200);
      await expect.poll(() => terminal.length, { timeout: 10_000 }).toBe(1);
      const link = new URL(/https?:\/\/\S+/.exec(terminal[0] ?? '')?.[0] ?? '');
      const code = link.searchParams.get('oobCode') ?? '';
      expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // One readable block for the person at the terminal; the log names the e-mail only.
      expect(terminal[0]).toContain('Subject:');
      expect(terminal[0]).toContain('newcomer@example.org');
      const logged = devLog.lines.join('');
      expect(logged).toContain('e-mail not delivered (SMTP_URL is not set)');
      expect(logged).not.toContain(code);
      expect(log.lines.join('')).not.toContain(code);
      const signedIn = await post('/api/auth/email-link/complete', {
        email: 'newcomer@example.org',
        code,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    } finally {
      await devWorker.stop();
    }
  });

  it('redacts the live codes that earlier versions stored in clear (migration 0024)', async () => {
    const { up } = await import('../db/migrations/0024-sealed-email-secrets');
    await t.database.db
      .insertInto('emails')
      .values({
        eid: 'legacy-email',
        to_addresses: ['a@example.org'],
        from_address: 'ops@example.org',
        subject: 'Sign in',
        text_body: 'Open http://localhost:3000/?mode=signIn&oobCode=LiveCode_123-abc now',
        html_body:
          '<a href="http://localhost:3000/?mode=signIn&amp;oobCode=LiveCode_123-abc">Sign in</a>',
        kind: 'sign-in-link',
        next_attempt_at: new Date(),
        state: 'SUCCESS',
      })
      .execute();
    // The column exists already; the migration's redaction is what is run again here.
    await sql`ALTER TABLE emails DROP COLUMN sealed_secret`.execute(t.database.db);
    await sql`DROP INDEX IF EXISTS emails_sealed_secret_idx`.execute(t.database.db);
    await up(t.database.db as never);
    const legacy = await t.database.db
      .selectFrom('emails')
      .select(['text_body', 'html_body'])
      .where('eid', '=', 'legacy-email')
      .executeTakeFirstOrThrow();
    expect(legacy.text_body).toBe('Open http://localhost:3000/?mode=signIn&oobCode=[redacted] now');
    expect(legacy.html_body).toBe(
      '<a href="http://localhost:3000/?mode=signIn&amp;oobCode=[redacted]">Sign in</a>',
    );
  });
});

/** The route's URL with each `:param` filled by every value given for it (or a made-up id). */
function expandParams(url: string, valuesOf: Record<string, string[]>): string[] {
  const params = [...url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  let urls = [url];
  for (const param of params) {
    const values = valuesOf[param] ?? ['x1'];
    urls = urls.flatMap((partial) =>
      values.map((value) => partial.replace(`:${param}`, encodeURIComponent(value))),
    );
  }
  return urls;
}
