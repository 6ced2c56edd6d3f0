import type { TPortalApplication } from '@ops/contract/portal-applications';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { compileMessages } from '../i18n/compiled-messages';
import { fr } from '../i18n/messages/fr';
import { AnswerForm } from './answer-form';

const asked = {
  aid: 'a1',
  number: 'A-000101',
  category: 'individual',
  status: 'information-requested',
  company: {},
  address: {},
  contacts: [],
  documents: [],
  message: 'Please send the insurance certificate.',
  answer: null,
  memberNumber: null,
  invoiceNumber: null,
  submittedAt: '2026-11-02T09:00:00.000Z',
  decidedAt: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-03T09:00:00.000Z',
  version: 4,
} as unknown as TPortalApplication;

/** The answer form in the person's language: a labelled field, its Send, the documents. */
describe('the answer form', () => {
  const html = renderToString(
    <IntlProvider locale="fr" messages={compileMessages(fr)} defaultLocale="en">
      <AnswerForm application={asked} onChange={() => {}} onDone={() => {}} />
    </IntlProvider>,
  );

  it('labels its text area, whose help says the limit, and sends with a 44 px button', () => {
    const id = /<textarea[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain('Votre réponse');
    expect(html).toMatch(/4[\s\u202f\u00a0]000 caractères au plus/);
    expect(html).toMatch(/<button type="submit"[^>]*min-h-11[^>]*>Envoyer<\/button>/);
    expect(html).not.toContain('role="alert"');
  });

  it('offers the documents behind a button that says whether they show', () => {
    expect(html).toMatch(/aria-expanded="false"[^>]*>Ajouter des documents</);
  });
});
