import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestOperator,
  addTestUser,
  createTestApp,
  sessionCookieOf,
  testPublicUrl,
  type TestApp,
} from '../../test/app';
import { runTs, type ServerEntry } from '../../test/processes';
import { sha256 } from '../auth/sessions';

const cli = 'src/cli/main.ts' satisfies ServerEntry;

/** The one URL the command printed. */
function printedLink(stdout: string): URL {
  const links = stdout.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return new URL(links[0] ?? '');
}

describe('npm run ops -- sign-in-link <email>', () => {
  let t: TestApp;
  const ops = (args: string[]) =>
    runTs(cli, args, { DATABASE_URL: t.database.connectionString, PUBLIC_URL: testPublicUrl });
  const complete = (email: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/email-link/complete',
      payload: { email, code },
      headers: { origin: testPublicUrl },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await addTestOperator(t.database, 'ada@example.org');
  });
  afterAll(() => t.close());

  it('prints a single-use link that signs the operator in once through the API', async () => {
    const result = await ops(['sign-in-link', 'ada@example.org']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/valid 15 minutes/);
    const link = printedLink(result.stdout);
    expect(link.origin).toBe(testPublicUrl);
    expect(link.searchParams.get('mode')).toBe('signIn');
    // The browser it is opened in never asked for it: the link names whose it is (no secret).
    expect(link.searchParams.get('email')).toBe('ada@example.org');
    const code = link.searchParams.get('oobCode') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    // Only the code's hash is stored; the code is nowhere in the row, nor in the audit trail.
    const rows = await t.database.db.selectFrom('action_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    // Marked as printed: only such a code may be completed with the e-mail its link names.
    expect(rows[0]).toMatchObject({
      code_hash: sha256(code),
      kind: 'sign-in',
      issued_to: 'terminal',
      used_at: null,
    });
    expect(JSON.stringify(rows)).not.toContain(code);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action', 'record_id', 'after'])
      .where('action', '=', 'send-sign-in-link')
      .execute();
    expect(audit).toEqual([
      {
        actor_kind: 'cli',
        action: 'send-sign-in-link',
        record_id: rows[0]?.uid,
        after: { sent_to: 'ada@example.org', via: 'terminal' },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(code);
    // Printed, not e-mailed.
    expect(await t.database.db.selectFrom('emails').select('eid').execute()).toEqual([]);

    const signedIn = await complete('ada@example.org', code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sessionCookieOf(signedIn);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ada@example.org' });

    const again = await complete('ada@example.org', code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'auth/invalid-action-code' } });
  });

  it('refuses, with exit code 2 and the reason, whoever may not sign in as an operator', async () => {
    await addTestUser(t.database, 'member@example.org');
    await addTestOperator(t.database, 'gone@example.org');
    await t.database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('email', '=', 'gone@example.org')
      .execute();
    const before = await t.database.db.selectFrom('action_codes').select('code_hash').execute();
    const refusals = [
      ['nobody@example.org', 'There is no user with the e-mail nobody@example.org.'],
      ['member@example.org', 'member@example.org is not an operator'],
      ['gone@example.org', 'The account of gone@example.org is disabled.'],
      ['not-an-email', '"not-an-email" is not a valid e-mail address.'],
    ] as const;
    // Four processes at once: each spends most of its time starting.
    const results = await Promise.all(refusals.map(([email]) => ops(['sign-in-link', email])));
    for (const [index, [email, reason]] of refusals.entries()) {
      const result = results[index];
      expect(result?.code, email).toBe(2);
      expect(result?.stderr).toContain(`error: ${reason}`);
      expect(result?.stdout).toBe('');
    }
    expect(await t.database.db.selectFrom('action_codes').select('code_hash').execute()).toEqual(
      before,
    );
  }, 120_000);
});
