import type { Page } from '@playwright/test';
import { countMail, linkIn, waitForMail } from './support/mail';
import { addOperator, expect, test, uniqueEmail } from './support/fixtures';
import { ops } from './support/ops';

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Issue 20: the link `npm run ops -- sign-in-link` prints (and the first start's banner, made
 * the same way) is opened in a browser that never asked for it: one click signs in, with no
 * prompt, because the server gave that code to the terminal. An e-mailed link with the same
 * `email=` appended (someone's own link sent on to a colleague) still asks, with a blank prompt.
 */
test("a fresh browser opening the terminal's sign-in link lands signed in, with no prompt", async ({
  browser,
}) => {
  // Two command-line runs (each starts a Node process with tsx) before the browser's part.
  test.setTimeout(90_000);
  const email = uniqueEmail('terminal');
  addOperator(email);
  const printed = ops('sign-in-link', email);
  const link = new URL(/https?:\/\/\S+/.exec(printed)?.[0] ?? '');
  expect(link.searchParams.get('email')).toBe(email);

  const fresh = await browser.newContext();
  try {
    const page = await fresh.newPage();
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.dismiss();
    });
    // The CLI's PUBLIC_URL is not this test server's: the same link, on this server.
    await page.goto(`/${link.search}`);
    await expect(mainNavigation(page)).toBeVisible();
    expect(prompts).toEqual([]);
    // The code and the e-mail leave the address bar.
    await expect(page).not.toHaveURL(/oobCode|email=/);
  } finally {
    await fresh.close();
  }
});

test('an e-mailed link with "email=" appended asks for the e-mail in a blank prompt', async ({
  page,
  browser,
}) => {
  const owner = uniqueEmail('sender');
  addOperator(owner);
  const before = countMail(owner);
  await page.goto('/');
  await page.getByLabel('Your email address').fill(owner);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your mailbox!')).toBeVisible();
  const forwarded = new URL(linkIn(await waitForMail(owner, before)));
  forwarded.searchParams.set('email', owner);

  // Someone else opens it: the page offers nothing and signs nobody in by itself.
  const other = await browser.newContext();
  try {
    const fresh = await other.newPage();
    const prompts: [string, string][] = [];
    fresh.on('dialog', (dialog) => {
      prompts.push([dialog.message(), dialog.defaultValue()]);
      void dialog.dismiss();
    });
    await fresh.goto(forwarded.href);
    await expect.poll(() => prompts).toEqual([['Please provide your email for confirmation', '']]);
    await expect(fresh.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(mainNavigation(fresh)).toHaveCount(0);
  } finally {
    await other.close();
  }
  // Nothing was used up: in the browser that asked for it, the link still signs in.
  await page.goto(forwarded.href);
  await expect(mainNavigation(page)).toBeVisible();
});
