import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  addTestOperator,
  createTestApp,
  sessionCookieOf,
  testPublicUrl,
  type TestApp,
} from '../../test/app';
import { cliActor } from '../db/audit';
import { writeTransaction } from '../db/transaction';
import { issueActionCode } from './action-codes';
import { sha256 } from './sessions';
import { issueTerminalSignInLink } from './terminal-sign-in-link';
import type { ErrorBody } from '../../test/requests';
import { resetThrottles } from '../../test/sessions';

/**
 * Issue 20: a terminal's link is one click (the page completes it with the e-mail the link
 * names, `emailFromLink`), an e-mailed one never is: anyone could append their own address to
 * their own e-mailed link and send it to a colleague (login CSRF).
 */
describe('completing a sign-in link with the e-mail it names', () => {
  let t: TestApp;
  const complete = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/email-link/complete',
      payload,
      headers: { origin: testPublicUrl },
    });
  const terminalCode = async (email: string) => {
    const { link } = await issueTerminalSignInLink(t.database.db, {
      email,
      publicUrl: testPublicUrl,
      actor: cliActor,
    });
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(email);
    return url.searchParams.get('oobCode') ?? '';
  };
  /** A code as an e-mailed link carries it (service.ts sendActionLink issues it the same way). */
  const emailedCode = (email: string) =>
    writeTransaction(t.database.db, async (trx) => {
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const { code } = await issueActionCode(trx, {
        kind: 'sign-in',
        user,
        continueUrl: new URL(`${testPublicUrl}/`),
      });
      return code;
    });
  const issuedTo = async (code: string) =>
    (
      await t.database.db
        .selectFrom('action_codes')
        .select('issued_to')
        .where('code_hash', '=', sha256(code))
        .executeTakeFirstOrThrow()
    ).issued_to;

  beforeAll(async () => {
    t = await createTestApp();
    await addTestOperator(t.database, 'ada@example.org');
    await addTestOperator(t.database, 'mallory@example.org');
  });
  afterAll(() => t.close());
  beforeEach(() => resetThrottles(t));

  it("signs in with a terminal code and its link's e-mail", async () => {
    const code = await terminalCode('ada@example.org');
    expect(await issuedTo(code)).toBe('terminal');
    const response = await complete({ email: 'ada@example.org', code, emailFromLink: true });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = sessionCookieOf(response);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'ada@example.org' });
  });

  it('refuses an e-mailed code offered with its link’s e-mail, and keeps it usable', async () => {
    const code = await emailedCode('mallory@example.org');
    expect(await issuedTo(code)).toBe('email');
    // Mallory's own link, with her own address appended, opened by someone else.
    const refused = await complete({ email: 'mallory@example.org', code, emailFromLink: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error).toEqual({
      code: 'auth/email-confirmation-required',
      message: 'Please confirm the e-mail address this link was sent to.',
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Refused for any e-mail alike: the answer says nothing about whose code it is.
    const other = await complete({ email: 'ada@example.org', code, emailFromLink: true });
    expect(other.json<ErrorBody>().error.code).toBe('auth/email-confirmation-required');
    const row = await t.database.db
      .selectFrom('action_codes')
      .select('used_at')
      .where('code_hash', '=', sha256(code))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();

    // The page then asks; a typed (or stored) e-mail completes it as spec §4 says.
    const typed = await complete({ email: 'mallory@example.org', code, emailFromLink: false });
    expect(typed.statusCode, typed.body).toBe(200);
  });

  it('does not count the refusal as a wrong code', async () => {
    const code = await emailedCode('mallory@example.org');
    await complete({ email: 'mallory@example.org', code, emailFromLink: true });
    // Each attempt is counted first and given back unless it is a refused code.
    const { rows } = await sql<{ points: number }>`
      SELECT points FROM rate_limits WHERE key LIKE 'codeFailuresPerIp%'
    `.execute(t.database.db);
    expect(rows).toEqual([{ points: 0 }]);
  });

  it('does not take a terminal code with another e-mail, flag or not', async () => {
    const code = await terminalCode('ada@example.org');
    for (const emailFromLink of [true, false]) {
      const foreign = await complete({ email: 'mallory@example.org', code, emailFromLink });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json<ErrorBody>().error.code).toBe('auth/invalid-email');
    }
    // Nor a made-up code: the flag reveals nothing about codes that do not exist.
    const madeUp = await complete({
      email: 'ada@example.org',
      code: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      emailFromLink: true,
    });
    expect(madeUp.json<ErrorBody>().error.code).toBe('auth/invalid-action-code');
    // The terminal's code is still Ada's, and a browser that knows her e-mail may use it too.
    const right = await complete({ email: 'ada@example.org', code });
    expect(right.statusCode, right.body).toBe(200);
    const again = await complete({ email: 'ada@example.org', code, emailFromLink: true });
    expect(again.json<ErrorBody>().error.code).toBe('auth/invalid-action-code');
  });

  it('refuses a flag that is not a boolean, naming the field', async () => {
    const code = await terminalCode('ada@example.org');
    const response = await complete({ email: 'ada@example.org', code, emailFromLink: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('emailFromLink');
  });
});
