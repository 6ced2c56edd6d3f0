import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { countMail, waitForMail } from './support/mail';

/**
 * A failed e-mail of its own (as the delivery worker leaves one the mail server refused for
 * good), so that parallel tests never touch it. Newest of all, it tops the failed list.
 */
async function failedEmail() {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const eid = `e2email${suffix}`.slice(0, 20);
  const to = `failed-${suffix}@example.org`;
  const subject = `Invoice E2E-${suffix}: membership fee`;
  await withDatabase(async (database) => {
    await database.db
      .insertInto('emails')
      .values({
        eid,
        to_addresses: [to],
        from_address: 'Operations <ops@example.org>',
        subject,
        text_body: 'Dear member, please pay the attached invoice.',
        html_body:
          '<h1>Membership fee</h1><p>Dear member, please pay.</p><script>document.write("SCRIPT RAN")</script>',
        kind: 'invoice-issued',
        state: 'ERROR',
        attempts: 1,
        delivery_count: 1,
        error: '550 5.1.1 Recipient address rejected: User unknown',
        next_attempt_at: new Date(),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    await database.db
      .insertInto('email_deliveries')
      .values({
        eid,
        attempt: 1,
        lease_token: `e2e-${suffix}`,
        worker_id: 'mail-host/4242/e2e',
        finished_at: new Date(),
        outcome: 'permanent-failure',
        smtp_response: '550 5.1.1 Recipient address rejected: User unknown',
        error: '550 5.1.1 Recipient address rejected: User unknown',
      })
      .execute();
  });
  return { eid, to, subject };
}

test('a failed e-mail: found from the home count, read in a sandbox, retried until sent', async ({
  operatorPage: page,
}) => {
  const email = await failedEmail();

  // The home screen's failed count opens the log filtered to ERROR.
  await page.goto('/');
  await page.getByRole('link', { name: 'Failed e-mails', exact: true }).click();
  await expect(page).toHaveURL(/\/emails\?state=ERROR$/);
  await expect(page.getByRole('heading', { name: 'E-mails', exact: true })).toBeVisible();
  const list = page.getByRole('table', { name: 'E-mails' });
  const row = list.getByRole('row').filter({ hasText: email.subject });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Failed');
  await expect(row).toContainText(email.to);

  // Its detail opens beside the list: headers, the HTML in a sandboxed frame without scripts.
  await row.getByRole('link', { name: email.subject }).click();
  await expect(page).toHaveURL(new RegExp(`/emails/${email.eid}`));
  await expect(page.getByRole('heading', { name: email.subject })).toBeVisible();
  const frame = page.locator('iframe[title^="HTML of"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  const body = page.frameLocator('iframe[title^="HTML of"]').locator('body');
  await expect(body).toContainText('Dear member, please pay.');
  await expect(body).not.toContainText('SCRIPT RAN');
  await expect(page.getByText('Dear member, please pay the attached invoice.')).toBeVisible();

  // The delivery history tells why it failed.
  await page.getByRole('tab', { name: /Delivery/ }).click();
  const attempts = page.getByRole('list', { name: 'Delivery attempts' });
  await expect(attempts.getByRole('listitem')).toHaveCount(1);
  await expect(attempts).toContainText('Refused for good');
  await expect(attempts).toContainText('550 5.1.1 Recipient address rejected');

  // Retry: back to the outbox; the worker sends it to the (real, loopback) mail server.
  const before = countMail(email.to);
  await page.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this e-mail again?' });
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog).toBeHidden();
  const received = await waitForMail(email.to, before);
  expect(received.subject).toBe(email.subject);
  await expect(attempts.getByRole('listitem')).toHaveCount(2);
  await expect(attempts.getByRole('listitem').nth(1)).toContainText('Accepted by the mail server');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeHidden();

  // The retry is in the e-mail's history, by this operator.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(/retr/i);
});
