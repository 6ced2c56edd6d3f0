import type { BrowserContext, Page } from '@playwright/test';
import { withDatabase } from './support/database';
import {
  addOperator,
  expect,
  signInByApi,
  test,
  testPassword,
  uniqueEmail,
} from './support/fixtures';

/**
 * Issue 14 §1: a browser holds one event stream for all its console tabs. With a stream (or two)
 * per page, Chromium's six connections per host were used up by three tabs and the fourth never
 * loaded; pages in the back/forward cache kept theirs too.
 */

const tabCount = 10;
/**
 * A tab whose connections are used up never loads: it waits for a free connection that does not
 * come. This bound tells that stall from a slow load on a busy machine (CI runs other browsers
 * beside this one); it is not a speed goal, which belongs in `npm run bench`.
 */
const stalledAfterMs = 15_000;

const membersTable = (page: Page) => page.getByRole('table', { name: 'Members' });

/** Navigates with a full page load and checks the list's first rows show (the tab did not stall). */
async function loadList(page: Page, url: string, expectedText: string) {
  const started = Date.now();
  await page.goto(url, { timeout: stalledAfterMs });
  const left = Math.max(1, stalledAfterMs - (Date.now() - started));
  await expect(membersTable(page).getByRole('row').filter({ hasText: expectedText })).toBeVisible({
    timeout: left,
  });
}

/** Renames the member through the API, as another operator's edit would. */
async function rename(page: Page, mid: string, legalName: string) {
  const current = await page.request.get(`/api/members/${mid}`);
  expect(current.status(), await current.text()).toBe(200);
  const { version } = (await current.json()) as { version: number };
  const response = await page.request.patch(`/api/members/${mid}`, {
    data: { version, legalName },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectEveryTabShows(tabs: Page[], text: string) {
  await Promise.all(
    tabs.map((tab) =>
      expect(membersTable(tab).getByRole('row').filter({ hasText: text })).toBeVisible({
        timeout: stalledAfterMs,
      }),
    ),
  );
}

test('ten tabs of one browser load, follow changes and the gate, also after the leader closes', async ({
  browser,
  operatorPage: admin,
}) => {
  test.setTimeout(240_000);
  // An operator of its own, since another admin revokes them at the end.
  const email = uniqueEmail('tabs');
  addOperator(email, testPassword);
  // A member of its own, found by a word no other member has.
  const word = `tabs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const mid = `e2e-${word}`;
  await withDatabase((database) =>
    database.db
      .insertInto('members')
      .values({
        mid,
        number: `E2E-${word.slice(4, 14)}`,
        category: 'individual',
        status: 'active',
        legal_name: `Tabbed Forwarding ${word}`,
        country_iso2: 'CH',
      })
      .execute(),
  );

  const context: BrowserContext = await browser.newContext();
  try {
    const first = await context.newPage();
    await signInByApi(first, email);
    const listUrl = `/members?q=${word}`;

    const tabs = [first];
    for (let i = 1; i < tabCount; i++) tabs.push(await context.newPage());
    // One after the other, as a person opens records in new tabs; each earlier tab stays open.
    for (const tab of tabs) await loadList(tab, listUrl, `Tabbed Forwarding ${word}`);

    await rename(admin, mid, `Renamed Forwarding ${word} one`);
    await expectEveryTabShows(tabs, `Renamed Forwarding ${word} one`);

    // Full page loads in the tab that holds the stream: a page left for the back/forward cache
    // must hold no connection (six of them stalled even a single tab), and must hand the stream
    // over to the next tab.
    const wanderer = first;
    for (let i = 0; i < 6; i++) {
      await wanderer.goto('/countries', { timeout: stalledAfterMs });
      await expect(
        wanderer.getByRole('table', { name: 'Countries' }).getByRole('row').nth(1),
      ).toBeVisible({ timeout: stalledAfterMs });
      await loadList(wanderer, listUrl, `Renamed Forwarding ${word} one`);
    }
    await rename(admin, mid, `Renamed Forwarding ${word} two`);
    await expectEveryTabShows(tabs, `Renamed Forwarding ${word} two`);

    // The wanderer rejoined last, so the stream is now held by the second tab opened, then the
    // third: closing each hands the stream on, and the remaining tabs stay live.
    for (const round of ['three', 'four']) {
      await tabs.splice(1, 1)[0]?.close();
      await rename(admin, mid, `Renamed Forwarding ${word} ${round}`);
      await expectEveryTabShows(tabs, `Renamed Forwarding ${word} ${round}`);
    }

    // Another admin revokes the operator: every tab shows the not-an-operator screen at once.
    const me = (await (await context.request.get('/api/auth/me')).json()) as {
      uid: string;
    };
    const operator = await admin.request.get(`/api/operators/${me.uid}`);
    expect(operator.status(), await operator.text()).toBe(200);
    const { version } = (await operator.json()) as { version: number };
    const revoked = await admin.request.post(`/api/operators/${me.uid}/revoke`, {
      data: { version },
    });
    expect(revoked.status(), await revoked.text()).toBe(200);
    await Promise.all(
      tabs.map((tab) =>
        expect(tab.getByText(`${email} is not an operator.`)).toBeVisible({
          timeout: stalledAfterMs,
        }),
      ),
    );
  } finally {
    await context.close();
  }
});
