import { test as base, expect, type Page } from '@playwright/test';
import { ops } from './ops';

/** A strong password (the CLI enforces the policy) shared by the accounts the tests make. */
export const testPassword = 'freight forwarders sign in 2026';

/** A unique address per test, so tests in parallel never share an account. */
export function uniqueEmail(name: string, domain = 'example.org'): string {
  return `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/** An operator with a password, made through the CLI as a person would. */
export function addOperator(email: string, password?: string): void {
  ops('operators', 'add', email, '--roles', 'admin', ...(password ? ['--password', password] : []));
}

/** Signs in through the API of the page's own browser context (its cookie is the browser's). */
export async function signInByApi(page: Page, email: string, password = testPassword) {
  const response = await page.request.post('/api/auth/password', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

type Fixtures = { operatorPage: Page };
type WorkerFixtures = { operatorEmail: string };

/**
 * `operatorPage`: a page whose browser is signed in as an operator of this worker, for tests of
 * the console itself rather than of signing in.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  operatorEmail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use, workerInfo) => {
      const email = `e2e-operator-${workerInfo.workerIndex}@example.org`;
      addOperator(email, testPassword);
      await use(email);
    },
    { scope: 'worker' },
  ],
  operatorPage: async ({ page, operatorEmail }, use) => {
    await signInByApi(page, operatorEmail);
    await use(page);
  },
});

export { expect };
