import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { partlyPaidOverdueInvoice } from './support/partly-paid-invoice';

/**
 * Issue 32 §8: records on a phone and beside their list. Tables inside a record reflow to the
 * card's width (stacked rows), status badges keep to their row, and nothing of a record is off
 * the screen or cut off by the box around it.
 */

/**
 * What in `root` (a CSS selector) sticks out sideways: a cell, button, link, field or value past
 * the window's edges, or cut off by a box around it that clips (overflow hidden or scrolled).
 * Each problem names the element by its text, so a failure says what is off screen.
 */
async function sidewaysProblems(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const scope = document.querySelector(selector);
    if (!scope) return [`nothing matches ${selector}`];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const candidates = scope.querySelectorAll(
      'th, td, [role="cell"], [role="columnheader"], button, a, input, select, textarea, dt, dd, [role="tab"]',
    );
    for (const element of Array.from(candidates)) {
      const rect = element.getBoundingClientRect();
      // Hidden, or visually hidden for screen readers only (1 px boxes).
      if (rect.width <= 1 || !element.checkVisibility({ visibilityProperty: true })) continue;
      const isInside = (outer: { left: number; right: number }) =>
        rect.left >= outer.left - 0.5 && rect.right <= outer.right + 0.5;
      let problem: string | null = null;
      let isInScrollRegion = false;
      let isVisuallyHidden = false;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === 'visible') continue;
        const outer = box.getBoundingClientRect();
        // Inside a box for screen readers only (`sr-only`: a table's header row, stacked).
        if (outer.width <= 1) {
          isVisuallyHidden = true;
          break;
        }
        const name = `${box.tagName.toLowerCase()}.${box.className.toString().split(' ').slice(0, 3).join('.')}`;
        // A region that scrolls sideways (the settings' tabs) may hold more than it shows, as
        // long as the region itself is on the screen.
        if (overflow === 'auto' || overflow === 'scroll') {
          isInScrollRegion = true;
          if (outer.left < -0.5 || outer.right > window.innerWidth + 0.5) {
            problem = `${name} around ${describe(element)} is off the screen`;
          }
          break;
        }
        if (!isInside(outer)) {
          problem = `${describe(element)} is cut off by ${name}`;
          break;
        }
      }
      if (isVisuallyHidden) continue;
      if (!problem && !isInScrollRegion && !isInside({ left: 0, right: window.innerWidth })) {
        problem = `${describe(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px of ${window.innerWidth}`;
      }
      if (problem) problems.push(problem);
    }
    return problems;
  }, root);
}

/** The page, or its main area, can be scrolled sideways. */
async function pageScrollsSideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    // The innermost elements past the right edge, so that a failure says what is too wide.
    const tooWide = () =>
      Array.from(document.querySelectorAll('main *'))
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          // Past the edge itself, or its text running out of it (a long address in a line).
          const spills =
            getComputedStyle(element).overflowX === 'visible' &&
            rect.left + element.scrollWidth > window.innerWidth + 0.5;
          return rect.width > 1 && (rect.right > window.innerWidth + 0.5 || spills);
        })
        .filter(
          (element, _index, all) =>
            !all.some((other) => element.contains(other) && other !== element),
        )
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${element.className.toString().split(' ').slice(0, 4).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
        )
        .join('; ');
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      return `the page is ${root.scrollWidth} px wide at ${window.innerWidth} px: ${tooWide()}`;
    }
    const main = document.querySelector('main');
    if (main && main.scrollWidth > main.clientWidth) {
      return `the main area is ${main.scrollWidth} px wide in ${main.clientWidth} px: ${tooWide()}`;
    }
    return null;
  });
}

/** Waits until the open tab (or the record) has loaded what it shows. */
async function settled(page: Page) {
  await expect(page.getByRole('main').getByText(/^Loading\b/)).toHaveCount(0, {
    timeout: 10_000,
  });
}

/** Nothing of the page scrolls sideways, nothing in the record is off screen or cut off. */
async function expectFitsSideways(page: Page, what: string) {
  await settled(page);
  await expect.poll(() => pageScrollsSideways(page), { message: what }).toBeNull();
  await expect.poll(() => sidewaysProblems(page, 'main'), { message: what }).toEqual([]);
}

/** Every tab of the record open on the page, each checked once it has rendered. */
async function walkTabs(page: Page, record: string) {
  await expectFitsSideways(page, `${record}, as opened`);
  const tabs = page.getByRole('main').getByRole('tab');
  const count = await tabs.count();
  for (let index = 0; index < count; index++) {
    const tab = tabs.nth(index);
    const name = (await tab.textContent()) ?? '';
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main').getByRole('tabpanel')).toBeVisible();
    await expectFitsSideways(page, `${record}, tab ${name}`);
  }
  return count;
}

test.describe('records on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('an invoice and its member: every tab fits the screen; totals, payments, Reverse and the ledger’s amounts are on it', async ({
    operatorPage: page,
  }) => {
    test.setTimeout(90_000);
    const { member, invoice } = await partlyPaidOverdueInvoice(page);

    await page.goto(`/invoices/${invoice.iid}`);
    const record = page.getByRole('region', { name: `Invoice ${invoice.number}` });
    await expect(record).toBeVisible();
    await expect(record.getByRole('table', { name: 'Payments and other movements' })).toBeVisible();
    await expect(record.getByRole('table', { name: 'Dunning history' })).toBeVisible();
    // The key figures and the Reverse button, whole and on the screen (not in a region to scroll).
    for (const key of [
      record.getByTestId('invoice-total'),
      record.getByTestId('invoice-balance'),
      record.getByRole('button', { name: 'Reverse' }),
    ]) {
      await key.scrollIntoViewIfNeeded();
      await expect(key).toBeInViewport({ ratio: 1 });
    }
    expect(await walkTabs(page, `invoice ${invoice.number}`)).toBeGreaterThanOrEqual(3);

    await page.goto(`/members/${member.mid}?tab=ledger`);
    const ledger = page.getByRole('table', { name: 'Ledger in CHF' });
    await expect(ledger).toBeVisible();
    // Every balance of the ledger shows whole on the screen.
    const cells = ledger.getByRole('cell');
    expect(await cells.count()).toBeGreaterThan(0);
    for (const amount of await ledger.getByText(/^CHF\s/).all()) {
      await amount.scrollIntoViewIfNeeded();
      await expect(amount).toBeInViewport({ ratio: 1 });
    }
    expect(await walkTabs(page, `member ${member.legalName}`)).toBeGreaterThanOrEqual(4);
  });

  // One record of every area that has records, opened from its list as a person would.
  for (const [url, name] of [
    ['/members', 'Members'],
    ['/invoices', 'Invoices'],
    ['/certificates', 'Certificates'],
    ['/applications', 'Applications'],
    ['/stripe-invoices', 'Payments'],
    ['/bank-statements', 'Bank statements'],
    ['/users', 'Users'],
    ['/emails', 'E-mails'],
    ['/operators', 'Operators'],
    ['/settings/bank-accounts', 'Bank accounts'],
    ['/countries', 'Countries'],
  ] as const) {
    test(`a record of ${name}: every tab fits the screen`, async ({ operatorPage: page }) => {
      test.setTimeout(60_000);
      await page.goto(url);
      const link = page.getByRole('main').locator('a[data-row-link]').first();
      await expect(link).toBeVisible();
      await link.tap();
      await expect(page).not.toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('link', { name: `Back to ${name.toLowerCase()}` })).toBeVisible();
      await walkTabs(page, `a record of ${name}`);
    });
  }
});

test.describe('at desktop size (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an invoice’s three status badges keep to its row in the list, all three named', async ({
    operatorPage: page,
  }) => {
    const { invoice, suffix } = await partlyPaidOverdueInvoice(page);
    await page.goto(`/invoices?q=${suffix.toUpperCase()}`);
    const row = page
      .getByRole('table', { name: 'Invoices', exact: true })
      .getByRole('row')
      .filter({ hasText: invoice.number });
    await expect(row).toBeVisible({ timeout: 15_000 });
    const status = row.getByRole('cell').filter({ has: page.locator('[data-badges]') });
    // Screen readers and the tooltip get the whole list, whatever fits on the line.
    await expect(status).toContainText('Issued, Overdue, Partially paid');
    await expect(status.locator('[data-badges]')).toHaveAttribute(
      'title',
      'Issued, Overdue, Partially paid',
    );
    const rowBox = await row.boundingBox();
    const cellBox = await status.boundingBox();
    expect(rowBox).not.toBeNull();
    expect(cellBox).not.toBeNull();
    const shown = status.locator('[data-badge]:visible');
    expect(await shown.count()).toBeGreaterThan(0);
    for (const badge of await shown.all()) {
      const box = await badge.boundingBox();
      expect(box).not.toBeNull();
      if (!box || !rowBox || !cellBox) continue;
      // Inside the row (never into the row above or below) and inside its cell.
      expect(box.y).toBeGreaterThanOrEqual(rowBox.y);
      expect(box.y + box.height).toBeLessThanOrEqual(rowBox.y + rowBox.height);
      expect(box.x).toBeGreaterThanOrEqual(cellBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(cellBox.x + cellBox.width);
    }
    // The status and the one to act on, Overdue; "Partially paid" is the "+1".
    await expect(status.getByText('Issued', { exact: true })).toBeVisible();
    await expect(status.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(status.getByText('Partially paid', { exact: true })).toBeHidden();
    await expect(status.getByText('+1', { exact: true })).toBeVisible();
    // All on one line: the badges shown share their top.
    const tops = await shown.evaluateAll((badges) =>
      badges.map((badge) => Math.round(badge.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
  });

  test('beside the list, the member’s ledger shows its Credit and Balance', async ({
    operatorPage: page,
  }) => {
    const { member } = await partlyPaidOverdueInvoice(page);
    await page.goto(`/members/${member.mid}?tab=ledger`);
    // Beside the list: its table is there too.
    await expect(page.getByRole('table', { name: 'Members', exact: true })).toBeVisible();
    const ledger = page.getByRole('table', { name: 'Ledger in CHF' });
    await expect(ledger).toBeVisible();
    const payment = ledger.getByRole('row').filter({ hasText: 'CHF 5,000.00' }).first();
    await expect(payment).toBeVisible();
    // Into view by scrolling the page down only: scrolling it into view would also scroll a
    // region that hides the columns sideways.
    await payment.evaluate((row) =>
      window.scrollBy(0, row.getBoundingClientRect().top - window.innerHeight / 2),
    );
    // The payment's credit and the running balance after it, whole and in view.
    const headers = (await ledger.getByRole('columnheader').allTextContents()).map((text) =>
      text.trim(),
    );
    for (const column of ['Credit', 'Balance']) {
      const index = headers.indexOf(column);
      expect(index, column).toBeGreaterThanOrEqual(0);
      const amount = payment.locator('td, th').nth(index);
      await expect(amount).toContainText('CHF');
      await expect(amount).toBeInViewport({ ratio: 1 });
    }
    await expect.poll(() => sidewaysProblems(page, 'main')).toEqual([]);
  });
});
