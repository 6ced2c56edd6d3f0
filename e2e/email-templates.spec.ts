import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

test('the French invoice template is edited with a live preview, refused with its line, saved and reverted', async ({
  operatorPage: page,
}) => {
  await page.goto('/settings/email-templates');
  await expect(page.getByRole('heading', { name: 'E-mail templates' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'E-mail templates', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: 'Invoice in French' }).click();
  const editor = page.getByRole('region', { name: 'Invoice — French' });
  await expect(editor).toBeVisible();
  const preview = editor.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('preview-subject')).toHaveText(
    'Facture INV-2026-001234 de la fédération',
  );
  await expect(editor.getByRole('complementary', { name: 'Variables' })).toContainText(
    '{{ invoice.cardPaymentUrl }}',
  );

  // A misspelt variable: the preview says where and why, on the field.
  const subject = editor.getByLabel('Subject', { exact: true });
  await subject.fill('Votre facture {{ invoice.nmber }}');
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(subject).toHaveAccessibleDescription(
    'Subject: Line 1: undefined variable: invoice.nmber',
  );

  // Fixed: the preview follows the draft.
  const stamp = Date.now().toString(36);
  await subject.fill(`Votre facture {{ invoice.number }} (${stamp})`);
  await expect(preview.getByTestId('preview-subject')).toHaveText(
    `Votre facture INV-2026-001234 (${stamp})`,
  );
  await expect(preview.getByLabel('Plain-text preview')).toContainText(
    'Chères et chers collègues de Helvetic Timing SA,',
  );
  await expect(preview.locator('iframe[title="HTML preview"]')).toHaveAttribute('sandbox', '');
  await expect(
    preview.frameLocator('iframe[title="HTML preview"]').getByText('Helvetic Timing SA', {
      exact: false,
    }),
  ).not.toHaveCount(0);

  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('status')).toContainText('is saved (version');
  await expect(
    page.getByRole('button', { name: 'Invoice in French' }).getByText('Customised'),
  ).toBeVisible();

  await editor.getByRole('button', { name: 'History' }).click();
  await expect(editor.getByRole('list', { name: 'History' })).toContainText('saved version');

  await editor.getByRole('button', { name: 'Revert to default' }).click();
  await expect(editor.getByRole('status')).toContainText('back to the default wording');
  await expect(
    page.getByRole('button', { name: 'Invoice in French' }).getByText('Default'),
  ).toBeVisible();
  await expect(editor.getByLabel('Subject', { exact: true })).toHaveValue(
    'Facture {{ invoice.number }} de la fédération',
  );
});

test('the e-mail templates screen with an editor open has no serious WCAG violations', async ({
  operatorPage: page,
}) => {
  await page.goto('/settings/email-templates?kind=dunning-reminder-1&language=de');
  const editor = page.getByRole('region', { name: 'Dunning: first reminder — German' });
  await expect(editor.getByTestId('preview-subject')).toHaveText(
    'Zahlungserinnerung: Rechnung INV-2026-001234 ist fällig',
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The rendered e-mail is the template's HTML in a sandboxed frame: the operator's, not ours.
    .exclude('iframe[title="HTML preview"]')
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
});

test('choosing a language brings its editor into view, with the focus in the subject', async ({
  operatorPage: page,
}) => {
  await page.goto('/settings/email-templates');
  // Issue 32: the editor opened about 1,300 px below the list, out of sight.
  const editorTop = async (name: string) =>
    (await page.getByRole('region', { name }).boundingBox())?.y ?? Infinity;
  await page.getByRole('button', { name: 'Password reset in French' }).click();
  const editor = page.getByRole('region', { name: 'Password reset — French' });
  await expect(editor.getByRole('heading', { name: 'Password reset — French' })).toBeInViewport();
  await expect(editor.getByLabel('Subject', { exact: true })).toBeFocused();
  await expect(editor.getByLabel('Subject', { exact: true })).toBeInViewport();
  expect(await editorTop('Password reset — French')).toBeLessThan(100);

  // Another e-mail in another language, further down the list: at the top of the window too.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Credit note in German' }).click();
  const german = page.getByRole('region', { name: 'Credit note — German' });
  await expect(german.getByLabel('Subject', { exact: true })).toBeFocused();
  await expect(german.getByRole('heading', { name: 'Credit note — German' })).toBeInViewport();
  expect(await editorTop('Credit note — German')).toBeLessThan(100);
});

test('a refused save says why beside the Save button and on the field that failed', async ({
  operatorPage: page,
}) => {
  await page.goto('/settings/email-templates?kind=certificate&language=es');
  const editor = page.getByRole('region', { name: 'Membership certificate — Spanish' });
  const subject = editor.getByLabel('Subject', { exact: true });
  await subject.fill('Su certificado {{ certificate.nmber }}');
  const save = editor.getByRole('button', { name: 'Save', exact: true });
  await save.click();

  const actions = editor.getByRole('group', { name: 'Template actions' });
  const refusal = actions.getByRole('alert');
  await expect(refusal).toHaveText(
    'Not saved: Subject: Line 1: undefined variable: certificate.nmber',
  );
  await expect(save).toHaveAccessibleDescription(
    'Not saved: Subject: Line 1: undefined variable: certificate.nmber',
  );
  // Right below the button, not at the top of the editor or the screen.
  const [button, alert] = await Promise.all([save.boundingBox(), refusal.boundingBox()]);
  expect(alert && button ? alert.y - (button.y + button.height) : Infinity).toBeLessThan(40);
  expect(alert && button ? alert.y : 0).toBeGreaterThan(button?.y ?? Infinity);
  // And on the field, by the path (body.subject).
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(subject).toHaveAccessibleDescription(
    'Subject: Line 1: undefined variable: certificate.nmber',
  );
});

test('the HTML preview is the e-mail as delivered: its inline styles apply in the frame, and the console logs no policy error', async ({
  operatorPage: page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/settings/email-templates?kind=statement-of-account&language=en');
  const editor = page.getByRole('region', { name: 'Statement of account — English' });
  const preview = editor.getByRole('region', { name: 'Preview' });
  const frame = preview.frameLocator('iframe[title="HTML preview"]');
  await expect(frame.getByText('Helvetic Timing SA', { exact: false })).not.toHaveCount(0);
  const historyLength = await page.evaluate(() => window.history.length);

  const html = editor.getByLabel('HTML', { exact: true });
  await html.fill(
    [
      '<!doctype html><html><body>',
      '<p id="styled" style="color: rgb(200, 0, 0)">Dear colleagues of {{ member.name }},</p>',
      '<p>Your statement is <a href="https://example.org/statements">attached</a>.</p>',
      '</body></html>',
    ].join('\n'),
  );
  const styled = frame.locator('#styled');
  await expect(styled).toHaveText('Dear colleagues of Helvetic Timing SA,');
  await expect(styled).toHaveCSS('color', 'rgb(200, 0, 0)');
  expect(await styled.evaluate((element) => getComputedStyle(element).color)).toBe(
    'rgb(200, 0, 0)',
  );
  await expect(preview.locator('iframe[title="HTML preview"]')).toHaveAttribute('sandbox', '');

  // The plain text is made from the HTML, read-only, until someone chooses to write it.
  const text = editor.getByLabel('Plain text', { exact: true });
  await expect(text).toHaveJSProperty('readOnly', true);
  await expect(text).toHaveValue(
    'Dear colleagues of Helvetic Timing SA,\n\nYour statement is attached <https://example.org/statements>.\n',
  );
  await editor.getByLabel('Edit the plain text separately').check();
  await expect(text).toHaveJSProperty('readOnly', false);
  await expect(text).toHaveValue(/\{\{ member\.name \}\}/);

  // A preview is a frame's page, not a step of the tab's history.
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
  // Nothing else either. Playwright's trace (recorded for every test, kept on failure) runs its
  // snapshot script in each frame, and Chromium reports the sandbox refusing it: that is the
  // sandbox at work, not the page's doing.
  const byTrace = /^Blocked script execution in '[^']*' because the document's frame is sandboxed/;
  expect(consoleErrors.filter((message) => /Content.Security.Policy/i.test(message))).toEqual([]);
  expect(consoleErrors.filter((message) => !byTrace.test(message))).toEqual([]);
});
