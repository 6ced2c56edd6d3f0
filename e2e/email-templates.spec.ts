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
