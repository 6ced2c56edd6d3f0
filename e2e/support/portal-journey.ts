import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { countMail, linkIn, waitForMail } from './mail';

/** The member portal's origin in the e2e stack (issue 34). */
export const portalUrl = `http://localhost:${process.env.E2E_PORTAL_PORT}`;

/** A newcomer on `/apply`, in English: asks for the link, opens it from the mailbox, signed in. */
export async function signInAsNewcomer(page: Page, email: string): Promise<void> {
  await page.goto(`${portalUrl}/apply`);
  const before = countMail(email);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await page.goto(linkIn(await waitForMail(email, before)));
  await expect(page.getByText(`Signed in as ${email}`, { exact: true })).toBeVisible();
}

/**
 * Starts a company's draft and fills its company, address and contacts steps with what a submit
 * needs, up to the step after the contacts.
 */
export async function fillCompanyDraft(page: Page, legalName: string): Promise<void> {
  await page.getByRole('radio', { name: 'A forwarding company' }).check();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Legal name *' }).fill(legalName);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Address' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Street and number *' }).fill('Hafenstrasse 1');
  await page.getByRole('textbox', { name: 'City *' }).fill('Basel');
  await page.getByLabel('Country *').selectOption('CH');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Primary contact' })
    .getByRole('textbox', { name: 'Name *' })
    .fill('Robin Keller');
  await page.getByRole('button', { name: 'Save and continue' }).click();
}
