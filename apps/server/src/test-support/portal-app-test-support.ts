import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { linkToMember, servePortalApp, signInToPortal } from '../../test/portal';
import { loadCountries } from '../seed/countries';

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
