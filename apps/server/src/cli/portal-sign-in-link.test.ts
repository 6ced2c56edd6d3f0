import type { TPortalMembership } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, cookieFrom, testPublicUrl } from '../../test/app';
import { memberRow, insertMembers } from '../../test/fixtures';
import {
  linkToMember,
  testPortalUrl,
  createPortalTestApp,
  type PortalTestApp,
} from '../../test/portal';
import { runTs, type ServerEntry } from '../../test/processes';
import { portalSessionCookieName, sessionCookieName } from '../auth/sessions';

const cli = 'src/cli/main.ts' satisfies ServerEntry;

/**
 * `npm run ops -- portal-sign-in-link <email>` (issue 35): how to try the member portal as a
 * demo member's owner, and a way in for a member's person without e-mail.
 */
describe('npm run ops -- portal-sign-in-link <email>', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  const ops = (args: string[]) =>
    runTs(cli, args, {
      DATABASE_URL: t.database.connectionString,
      PUBLIC_URL: testPublicUrl,
      PORTAL_URL: testPortalUrl,
    });

  beforeAll(async () => {
    t = await createPortalTestApp({}, { countries: true });
    portal = t.portal;
    await insertMembers(t.database.db, [memberRow('cli-m', { legal_name: 'Terminal Freight AG' })]);
    await addTestUser(t.database, 'owner@terminal.example');
    await addTestUser(t.database, 'applicant@terminal.example');
    await linkToMember(t, 'owner@terminal.example', 'cli-m', 'owner');
  });
  afterAll(() => t.close());

  it("prints a portal link for a member's user that signs in to the portal, never the console", async () => {
    const result = await ops(['portal-sign-in-link', 'owner@terminal.example']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('owner of M-cli-m');
    const links = result.stdout.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    const link = new URL(links[0] ?? '');
    expect(link.origin).toBe(testPortalUrl);
    const code = link.searchParams.get('oobCode') ?? '';

    // A portal code: the console refuses it.
    const onConsole = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-link/complete',
      payload: { email: 'owner@terminal.example', code },
      headers: { origin: testPublicUrl },
    });
    expect(onConsole.statusCode).toBeGreaterThanOrEqual(400);
    expect(onConsole.headers['set-cookie'] ?? '').not.toContain(`${sessionCookieName}=`);

    const signedIn = await portal.inject({
      method: 'POST',
      url: '/api/auth/email-link/complete',
      payload: { email: 'owner@terminal.example', code },
      headers: { origin: testPortalUrl },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = cookieFrom(signedIn.headers['set-cookie'], portalSessionCookieName);
    const membership = await portal.inject({ url: '/api/membership', headers: { cookie } });
    expect(membership.json<TPortalMembership>()).toMatchObject({
      number: 'M-cli-m',
      role: 'owner',
    });
  });

  it("finds a member's owner by the member's number", async () => {
    const [result, unknown] = await Promise.all([
      ops(['portal-sign-in-link', 'M-cli-m']),
      ops(['portal-sign-in-link', 'M-404']),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'Member portal sign-in link for owner@terminal.example (owner of M-cli-m)',
    );

    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'There is no member M-404 with an owner user who may sign in.',
    );
  });

  it('refuses, with exit code 2 and the reason, an unknown address and a user of no member', async () => {
    const [unknown, applicant] = await Promise.all([
      ops(['portal-sign-in-link', 'nobody@terminal.example']),
      ops(['portal-sign-in-link', 'applicant@terminal.example']),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no user with the e-mail nobody@terminal.example.');
    expect(applicant.code).toBe(2);
    expect(applicant.stderr).toContain('applicant@terminal.example is not a user of a member');
  });
});
