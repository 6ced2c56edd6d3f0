import type { Locator, Page } from '@playwright/test';
import {
  addOperator,
  expect,
  signInByApi,
  test,
  testPassword,
  uniqueEmail,
} from './support/fixtures';

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const searchButton = (page: Page) => page.getByRole('button', { name: /^Search/ });
/** The palette of spec §2: a modal dialog whose input says 'Search...'. */
const palette = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByPlaceholder('Search...') });

const sidebarLabels = [
  'Ops',
  'Applications',
  'Members',
  // Issue 35: what members ask from the portal, beside the members.
  'Change requests',
  'Certificates',
  'Invoices',
  'Payments',
  // Issue 16 adds the bank statements next to Payments.
  'Bank statements',
  'Users',
  'E-mails',
  // Issue 18 adds Reports after the business areas.
  'Reports',
  // Issue 18: the activity log, after Reports.
  'Activity',
  'Settings',
];

/** The focused element draws a focus ring: an outline of some width, or a box shadow. */
async function expectVisibleFocus(locator: Locator) {
  await expect(locator).toBeFocused();
  const ring = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.outline, 'focus outline style').not.toBe('none');
  expect(ring.width, 'focus outline width').toBeGreaterThan(0);
}

test('the console opens at / with the sidebar of spec §2 in order', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  // The entries themselves, not the saved views listed under them (issue 19).
  const entries = mainNavigation(page).locator(':scope > ul > li > a');
  await expect(entries).toHaveText(sidebarLabels);
  // Only the current entry is highlighted as the current page.
  await expect(mainNavigation(page).locator('[aria-current="page"]')).toHaveText(['Ops']);
});

test('the active entry follows the screen, including views nested in it', async ({
  operatorPage: page,
}) => {
  const current = mainNavigation(page).locator('[aria-current="page"]');
  await page.goto('/invoices/upload');
  await expect(current).toHaveText(['Invoices']);
  await expect(current).toHaveClass(/bg-sky-50/);
  await mainNavigation(page).getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/stripe-invoices$/);
  await expect(current).toHaveText(['Payments']);
  // /countries lives inside the settings view (spec §2).
  await page.goto('/countries/CH');
  await expect(current).toHaveText(['Settings']);
});

test('the Search button shows the Ctrl K hint (Chromium on Linux) and opens the palette', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  const button = searchButton(page);
  await expect(button).toBeVisible();
  await expect(button.locator('kbd')).toHaveText('Ctrl K');
  await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K');
  await button.click();
  await expect(palette(page)).toBeVisible();
});

test('Ctrl+K toggles the search palette from anywhere in the console', async ({
  operatorPage: page,
}) => {
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(page.getByPlaceholder('Search...')).toBeFocused();
  // Again, while typing in the palette's input: it closes.
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
});

test('Ctrl+K does nothing on the sign-in screen (the palette is for operators)', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByLabel('Your email address')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the palette's code stays out of the sign-in download, and an operator's console preloads it", async ({
  page,
  browser,
}) => {
  const scriptsOf = (target: Page) => {
    const urls: string[] = [];
    target.on('request', (request) => {
      if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
    });
    return urls;
  };
  const signedOut = scriptsOf(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByLabel('Your email address')).toBeVisible();
  expect(signedOut.length).toBeGreaterThan(0);
  expect(signedOut.filter((url) => url.includes('search-palette'))).toEqual([]);

  // An operator's browser fetches it once idle, before the palette is first opened.
  const context = await browser.newContext();
  try {
    const operatorPage = await context.newPage();
    const consoleScripts = scriptsOf(operatorPage);
    const email = uniqueEmail('preload');
    addOperator(email, testPassword);
    await signInByApi(operatorPage, email);
    await operatorPage.goto('/');
    await expect(operatorPage.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect
      .poll(() => consoleScripts.filter((url) => url.includes('search-palette')).length, {
        timeout: 10_000,
      })
      .toBe(1);
  } finally {
    await context.close();
  }
});

test('the sidebar is usable with the keyboard alone, with a visible focus on every stop', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await expect(mainNavigation(page)).toBeVisible();
  const expected = [
    page.getByRole('link', { name: 'Skip to content' }),
    page.getByRole('link', { name: 'Operations' }),
    searchButton(page),
    ...sidebarLabels.map((label) =>
      mainNavigation(page).getByRole('link', { name: label, exact: true }),
    ),
  ];
  for (const stop of expected) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(stop);
  }
  // Enter on a focused entry navigates, and the footer comes next in the order.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  // Issue 19: the keyboard shortcuts' help sits above the user.
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByRole('button', { name: /^Keyboard shortcuts/ }));
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByRole('link', { name: 'View profile' }));
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByRole('button', { name: 'Sign out' }));

  // The Search button opens the palette from the keyboard too.
  await searchButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeVisible();
});

test('a deep link such as /members/xyz loads the app at the member, nested in the members list', async ({
  operatorPage: page,
}) => {
  const response = await page.goto('/members/xyz');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  // No member has the id xyz: the detail says so beside the list.
  await expect(page.getByRole('heading', { name: 'Member not found', exact: true })).toBeVisible();
  await expect(page.getByText('xyz', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('/countries/CH opens the country inside the settings view', async ({ operatorPage: page }) => {
  await page.goto('/countries/CH');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Switzerland', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/countries\/CH$/);
});

test('the sidebar navigates with history routing, without reloading the page', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'same page',
  );
});

test('an unknown path shows a not-found screen inside the shell', async ({
  operatorPage: page,
}) => {
  const response = await page.goto('/no/such/screen');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/screen')).toBeVisible();
  await expect(mainNavigation(page)).toBeVisible();
  await expect(searchButton(page)).toBeVisible();
  // No entry claims the unknown address.
  await expect(mainNavigation(page).locator('[aria-current="page"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Ops' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API documentation is browsable at /api/docs, by operators', async ({
  operatorPage: page,
}) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Operations API')).toBeVisible();
  await expect(page.getByText('/readyz').first()).toBeVisible();
});

test.describe('on a small screen (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
  const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

  async function openMenu(page: Page) {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    await expect(mainNavigation(page)).toBeHidden();
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    // Slid in (300 ms), so that its box is where it stays.
    await expect.poll(async () => (await menu(page).boundingBox())?.x).toBe(0);
  }

  test('the sidebar is a slide-in menu opened from the top bar', async ({ operatorPage: page }) => {
    await page.goto('/');
    await expect(mainNavigation(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    // The button says so (it is inert behind the modal menu, so it is found by its attribute).
    await expect(page.locator('button[aria-controls][aria-expanded="true"]')).toHaveText('Menu');
    const links = menu(page)
      .getByRole('navigation', { name: 'Main' })
      .locator(':scope > ul > li > a');
    await expect(links).toHaveText(sidebarLabels);
    await expect(menu(page).locator('[aria-current="page"]')).toHaveText(['Ops']);
    await expect(menu(page).getByRole('button', { name: /^Search/ })).toBeVisible();
    // The footer shows in the menu too.
    const footer = menu(page).getByRole('region', { name: 'Signed-in user' });
    await expect(footer.getByRole('link', { name: 'View profile' })).toBeVisible();
    await expect(footer.getByText('Operator', { exact: true })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // The panel sits at the left edge, within the screen.
    // Once slid in, the panel sits at the left edge, narrower than the screen.
    await expect.poll(async () => (await menu(page).boundingBox())?.x).toBe(0);
    expect((await menu(page).boundingBox())?.width).toBeLessThan(390);
  });

  test('Escape closes the menu and gives the focus back to the menu button', async ({
    operatorPage: page,
  }) => {
    await openMenu(page);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    // And it opens again from the keyboard.
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
  });

  test('a click outside the menu closes it', async ({ operatorPage: page }) => {
    await openMenu(page);
    const box = await menu(page).boundingBox();
    if (!box) throw new Error('The menu has no box.');
    await page.mouse.click(box.x + box.width + 20, 400);
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('the close button closes the menu', async ({ operatorPage: page }) => {
    await openMenu(page);
    await menu(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('choosing an entry navigates and closes the menu', async ({ operatorPage: page }) => {
    await openMenu(page);
    await menu(page).getByRole('link', { name: 'Members', exact: true }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
    await expect(menuButton(page)).toBeFocused();
    // Choosing the screen already shown closes it as well.
    await menuButton(page).click();
    await menu(page).getByRole('link', { name: 'Members', exact: true }).click();
    await expect(menu(page)).toBeHidden();
  });

  test('Back closes an open menu', async ({ operatorPage: page }) => {
    await page.goto('/certificates');
    await page.goto('/members');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/certificates$/);
    await expect(menu(page)).toBeHidden();
  });

  test('while the menu is open, Tab and Shift+Tab stay inside it', async ({
    operatorPage: page,
  }) => {
    await openMenu(page);
    // The first control takes the focus when the menu opens.
    await expect(menu(page).getByRole('button', { name: 'Close menu' })).toBeFocused();
    const isFocusInMenu = () =>
      page.evaluate(() => document.activeElement?.closest('dialog[open]') != null);
    // More presses than the menu has stops (close, search, 9 links, profile, sign-out): it wraps.
    for (let press = 0; press < 16; press++) {
      await page.keyboard.press('Tab');
      expect(await isFocusInMenu(), `focus after Tab ${press + 1}`).toBe(true);
    }
    for (let press = 0; press < 16; press++) {
      await page.keyboard.press('Shift+Tab');
      expect(await isFocusInMenu(), `focus after Shift+Tab ${press + 1}`).toBe(true);
    }
  });

  test('Search in the menu closes it and opens the palette', async ({ operatorPage: page }) => {
    await openMenu(page);
    await menu(page)
      .getByRole('button', { name: /^Search/ })
      .click();
    await expect(menu(page)).toBeHidden();
    await expect(palette(page)).toBeVisible();
  });

  test('widening the window past the md width closes the menu and shows the sidebar', async ({
    operatorPage: page,
  }) => {
    await openMenu(page);
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(menu(page)).toBeHidden();
    await expect(mainNavigation(page)).toBeVisible();
    // Nothing is left inert: the sidebar works.
    await mainNavigation(page).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });
});
