import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '@ops/contract';
import { buildApp } from '../src/app';
import { silentLogger } from './database';
import { portalSessionCookieName } from '../src/auth/sessions';
import { addTestUser, cookieFrom, createTestApp, testPassword, type TestApp } from './app';
import { loadCountries } from '../src/seed/countries';
import { createWriteTestApp } from './fixtures';

/** The member portal's URL in tests, beside the console's `testPublicUrl`. */
export const testPortalUrl = 'http://localhost:3001';

/**
 * The member portal's app (issue 34) on the console test app's database, as the server builds
 * it beside the console: the same deps, its own face. The test closes it.
 */
export async function servePortalApp(
  t: Pick<TestApp, 'database' | 'config' | 'notifications'>,
): Promise<FastifyInstance> {
  const app = await buildApp({
    database: t.database,
    config: t.config,
    logger: silentLogger,
    notifications: t.notifications,
    webDist: '/nonexistent',
    audience: 'portal',
  });
  await app.ready();
  return app;
}

/**
 * A new user (no operator) signed in to the portal by password; returns the Cookie header value
 * of the portal's session.
 */
export async function signInToPortal(
  t: Pick<TestApp, 'database'>,
  portal: FastifyInstance,
  email: string,
): Promise<string> {
  await addTestUser(t.database, email, { password: testPassword });
  const response = await portal.inject({
    method: 'POST',
    url: '/api/auth/password',
    payload: { email, password: testPassword },
  });
  if (response.statusCode !== 200) throw new Error(`Portal sign-in failed: ${response.body}`);
  return cookieFrom(response.headers['set-cookie'], portalSessionCookieName);
}

/** Makes an account a member's user with a role (as the console's users area does), or none. */
export async function linkToMember(
  t: Pick<TestApp, 'database'>,
  email: string,
  mid: string | null,
  role: 'owner' | 'admin' | 'staff' | null,
): Promise<void> {
  await t.database.db
    .updateTable('users')
    .set({ member_mid: mid, member_role: role })
    .where('email', '=', email)
    .execute();
}

/** The console's test app with the member portal's app beside it, on the same database. */
export type PortalTestApp = TestApp & { portal: FastifyInstance };

/**
 * The set-up every member-portal test file starts with (issue 34): a fresh test app, the country
 * list when the file's members or applications name countries, and the portal's app on the same
 * database. `close` closes the portal first, then the console and its database.
 */
export async function createPortalTestApp(
  env: Record<string, string> = {},
  options: { countries?: boolean } = {},
): Promise<PortalTestApp> {
  const t = await createTestApp(env);
  if (options.countries) await loadCountries(t.database.pool);
  return withPortalApp(t);
}

/**
 * The member portal's app beside a console test app made another way (`createWriteTestApp`):
 * the same pair as `createPortalTestApp`, whose `close` closes the portal, then `t`.
 */
export async function withPortalApp(t: TestApp): Promise<PortalTestApp> {
  const portal = await servePortalApp(t);
  return {
    ...t,
    portal,
    async close() {
      await portal.close();
      await t.close();
    },
  };
}

/**
 * A write test's app (`createWriteTestApp`: the countries loaded, the editor and the read-only
 * operator signed in, `api` sending as the editor) with the member portal's app beside it: `t` is
 * the pair (`withPortalApp`), whose `close` closes both. `env` as for `createTestApp`.
 */
export async function createPortalWriteTestApp(
  editorEmail: string,
  roles: OperatorRole[],
  env: Record<string, string> = {},
) {
  const setup = await createWriteTestApp(editorEmail, roles, env);
  return { ...setup, t: await withPortalApp(setup.t) };
}

/** What `createPortalWriteTestApp` answers: `createWriteTestApp`'s, with `t` the pair of apps. */
export type PortalWriteTestApp = Awaited<ReturnType<typeof createPortalWriteTestApp>>;

/**
 * A new account signed in to the portal and made a user of member `mid` with `role`, as the
 * portal tests' members' owners, admins and staff are; returns the portal's Cookie header value.
 */
export async function signInAsMemberUser(
  t: Pick<TestApp, 'database'>,
  portal: FastifyInstance,
  email: string,
  mid: string,
  role: 'owner' | 'admin' | 'staff',
): Promise<string> {
  const cookie = await signInToPortal(t, portal, email);
  await linkToMember(t, email, mid, role);
  return cookie;
}
