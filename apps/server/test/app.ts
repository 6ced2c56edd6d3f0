import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '@ops/contract';
import { buildApp } from '../src/app';
import { cliActor } from '../src/db/audit';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import type { Logger } from '../src/logger';
import { listenForNotifications, type Notifications } from '../src/db/notifications';
import { writeTransaction } from '../src/db/transaction';
import { outboxChannel } from '../src/emails/outbox';
import { startJobRunner } from '../src/jobs/runner';
import { addOperator } from '../src/operators/service';
import { changesChannel } from '../src/realtime/changes';
import { createUser } from '../src/auth/accounts';
import { sessionCookieName } from '../src/auth/sessions';
import { createTestDatabase, silentLogger } from './database';

export const testPublicUrl = 'http://localhost:3000';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  notifications: Notifications;
  close(): Promise<void>;
};

type TestAppOptions = {
  webDist?: string;
  extend?: (app: FastifyInstance) => void;
  /** The app's logger (tests that read the log lines); silent by default. */
  logger?: Logger;
};

/**
 * The real HTTP app on a fresh, migrated database of the throwaway cluster, with the same
 * notification listener the server uses. `env` adds environment variables to the configuration.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ PUBLIC_URL: testPublicUrl, SEED: 'none', ...env });
  const served = await serveTestApp(database, config, options);
  return {
    ...served,
    async close() {
      await served.close();
      await database.close();
    },
  };
}

/**
 * The real HTTP app, with the server's notification listener, on a database the caller opened
 * (and closes: `close` leaves it open).
 */
export async function serveTestApp(
  database: DatabaseHandle,
  config: Config,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const notifications = await listenForNotifications(
    database.connectionString,
    [changesChannel, outboxChannel],
    silentLogger,
  );
  const app = await buildApp({
    database,
    config,
    logger: options.logger ?? silentLogger,
    notifications,
    webDist: options.webDist ?? '/nonexistent',
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    notifications,
    async close() {
      await app.close();
      await notifications.close();
    },
  };
}

/** The server's job runner on the test app's database; the test stops it. */
export function startTestJobRunner(t: Pick<TestApp, 'database' | 'config'>) {
  return startJobRunner({
    db: t.database.db,
    connectionString: t.database.connectionString,
    config: t.config,
    logger: silentLogger,
  });
}

/** A user made the way the CLI makes one (the password must pass the policy). */
export function addTestUser(
  database: DatabaseHandle,
  email: string,
  options: { password?: string; displayName?: string } = {},
) {
  return writeTransaction(database.db, (trx) => createUser(trx, cliActor, { email, ...options }));
}

export async function addTestOperator(
  database: DatabaseHandle,
  email: string,
  password?: string,
  roles?: OperatorRole[],
) {
  const { user } = await addOperator(database.db, cliActor, { email, password, roles });
  return user;
}

/** The `name=value` of a Set-Cookie header, for the Cookie header of the next request. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((cookie) => cookie.startsWith(`${name}=`));
  if (!found) throw new Error(`No ${name} cookie was set`);
  return found.split(';')[0] ?? '';
}

/** The console's session cookie (`name=value`) that a response, a sign-in's, set. */
export function sessionCookieOf(response: { headers: { 'set-cookie'?: string | string[] } }) {
  return cookieFrom(response.headers['set-cookie'], sessionCookieName);
}

/** A password the policy accepts, for the accounts the tests sign in. */
export const testPassword = 'correct horse battery staple 42';

/** A new operator, signed in by password through the API; returns the Cookie header value. */
export async function signInAsNewOperator(
  t: TestApp,
  email: string,
  roles?: OperatorRole[],
): Promise<string> {
  await addTestOperator(t.database, email, testPassword, roles);
  return signInByPassword(t, email, testPassword);
}

/** A new user who is no operator, signed in by password; returns the Cookie header value. */
export async function signInAsNewUser(t: TestApp, email: string): Promise<string> {
  await addTestUser(t.database, email, { password: testPassword });
  return signInByPassword(t, email, testPassword);
}

/** Signs an existing account in by password through the API; returns the Cookie header value. */
export async function signInByPassword(t: TestApp, email: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return sessionCookieOf(response);
}
