import type {
  TCompanyValues,
  TPortalChangeRequest,
  TPortalCompany,
} from '@ops/contract/change-requests';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { compileMessages } from '../i18n/compiled-messages';
import { memberMessages } from '../i18n/member-messages';
import { fr } from '../i18n/messages/fr';
import { ChangeRequests } from './change-requests';
import { CompanyDetails } from './company-details';
import { CompanyForm } from './company-form';
import {
  changeRequestOf,
  fieldOfIssue,
  mergedText,
  problemOfServerIssue,
  problemsOf,
  textOf,
  type Problem,
} from './fields';

const messages = compileMessages({ ...fr, ...memberMessages.fr });
const inFrench = (node: ReactNode) =>
  renderToString(
    <IntlProvider locale="fr" messages={messages} defaultLocale="en">
      {node}
    </IntlProvider>,
  );
const intl = createIntl({ locale: 'fr', messages, defaultLocale: 'en' });
const words = (problem: Problem | undefined) =>
  problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined;

const values: TCompanyValues = {
  legalName: 'Muster Logistik AG',
  tradeName: 'Muster',
  addressLine1: 'Bahnhofstrasse 1',
  addressLine2: null,
  postalCode: '8001',
  city: 'Zürich',
  state: null,
  countryIso2: 'CH',
  vatNumber: 'CHE-123.456.789',
  website: 'https://muster.example',
  email: 'info@muster.example',
  billingEmail: null,
  // Kept from before the rule: a change of another field must not be refused for it.
  phone: 'call us',
  preferredLanguage: 'de',
};

const pending: TPortalChangeRequest = {
  id: 'cr1',
  kind: 'company-data',
  status: 'pending',
  requestedAt: '2026-11-02T09:00:00.000Z',
  requestedBy: 'owner@muster.example',
  changes: [{ field: 'legalName', from: 'Muster Logistik AG', to: 'Muster Transport AG' }],
  note: null,
  document: null,
  decidedAt: null,
  decisionReason: null,
  applied: null,
};

const company: TPortalCompany = {
  mid: 'm1',
  number: 'M-000042',
  values,
  directFields: ['phone', 'website', 'billingEmail', 'preferredLanguage'],
  canEdit: true,
  canClose: true,
  pending: [pending],
};

const countries = [
  { iso2: 'CH', name: 'Switzerland' },
  { iso2: 'DE', name: 'Germany' },
];

/** The text of the element with this id (the hint or error an input is described by). */
const textOfId = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.replaceAll('&#x27;', '’');

describe('the company form', () => {
  const html = inFrench(<CompanyForm company={company} countries={countries} onSaved={() => {}} />);

  it('labels every field, in three fieldsets, and sends with a 44 px button', () => {
    for (const name of ['legalName', 'city', 'countryIso2', 'phone', 'preferredLanguage']) {
      const id = new RegExp(`<(?:input|select)[^>]*name="${name}"[^>]*id="([^"]+)"`).exec(
        html,
      )?.[1];
      const alt = new RegExp(`<(?:input|select)[^>]*id="([^"]+)"[^>]*name="${name}"`).exec(
        html,
      )?.[1];
      expect(id ?? alt, name).toBeTruthy();
      expect(html).toContain(`for="${id ?? alt}"`);
    }
    expect(html.match(/<fieldset/g)).toHaveLength(3);
    expect(html).toContain('Raison sociale');
    expect(html).toContain('Langue des e-mails et des documents');
    expect(html).toMatch(/<button type="submit"[^>]*min-h-11[^>]*>Enregistrer les modifications</);
    expect(html).not.toContain('role="alert"');
  });

  it('says per field whether a change is made at once or checked by staff, and what waits', () => {
    const hintOf = (name: string) => {
      const input = new RegExp(`<(?:input|select)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
      const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1] ?? '';
      return textOfId(html, describedBy);
    };
    expect(hintOf('phone')).toBe('Modifié immédiatement');
    expect(hintOf('city')).toBe('Vérifié d’abord par notre personnel');
    expect(hintOf('legalName')).toBe(
      'Vérifié d’abord par notre personnel · En attente de notre personnel : Muster Transport AG',
    );
  });

  it('shows the data as it is, the country and language chosen', () => {
    expect(html).toMatch(/name="city"[^>]*value="Zürich"|value="Zürich"[^>]*name="city"/);
    expect(html).toMatch(/<option value="CH" selected="">Suisse<\/option>/);
    expect(html).toMatch(/<option value="de" lang="de" selected="">Deutsch<\/option>/);
  });
});

describe('what the company form sends', () => {
  it('nothing when nothing changed, nor for a change of spaces only', () => {
    expect(changeRequestOf(values, textOf(values), '  ')).toEqual({ changes: {} });
    const spaced = { ...textOf(values), city: ' Zürich  ' };
    expect(changeRequestOf(values, spaced, '')).toEqual({ changes: {} });
  });

  it('only the fields changed, as the contract reads them, and the note trimmed', () => {
    const text = {
      ...textOf(values),
      legalName: '  Muster Transport AG ',
      tradeName: '',
      countryIso2: 'de',
      phone: '+41 44 123 45 67',
      preferredLanguage: 'fr',
    };
    expect(changeRequestOf(values, text, ' New name since 1 May. ')).toEqual({
      changes: {
        legalName: 'Muster Transport AG',
        tradeName: null,
        countryIso2: 'DE',
        phone: '+41 44 123 45 67',
        preferredLanguage: 'fr',
      },
      note: 'New name since 1 May.',
    });
  });

  it('keeps what the person typed when the data changes underneath, the rest follows', () => {
    const typed = { ...textOf(values), city: 'Basel' };
    const after = { ...values, city: 'Bern', postalCode: '3000' };
    const merged = mergedText(typed, values, after);
    expect(merged.city).toBe('Basel');
    expect(merged.postalCode).toBe('3000');
  });
});

describe('the company form’s field errors', () => {
  it('judges the fields changed by the contract’s rules, in the person’s words', () => {
    const text = {
      ...textOf(values),
      legalName: '  ',
      website: 'muster.example',
      billingEmail: 'billing@',
      city: 'x'.repeat(101),
    };
    const problems = problemsOf(values, text);
    expect(Object.keys(problems)).toEqual(['legalName', 'city', 'website', 'billingEmail']);
    expect(words(problems.legalName)).toBe('Saisissez la raison sociale.');
    expect(words(problems.city)).toBe('100 caractères au plus.');
    expect(words(problems.website)).toMatch(/^Saisissez une adresse web commençant par https:\/\//);
    expect(words(problems.billingEmail)).toBe(
      'Saisissez une adresse e-mail comme nom@entreprise.ch.',
    );
    // The phone kept from before is not judged while it is left as it is; typed, it is.
    expect(problems.phone).toBeUndefined();
    expect(words(problemsOf(values, { ...textOf(values), phone: 'call me' }).phone)).toMatch(
      /^Saisissez un numéro de téléphone/,
    );
  });

  it('names the field the server refused, by its issue path', () => {
    expect(fieldOfIssue('body.changes.countryIso2')).toBe('countryIso2');
    expect(fieldOfIssue('body.note')).toBe('note');
    expect(fieldOfIssue('body.changes')).toBeUndefined();
    expect(words(problemOfServerIssue('countryIso2', 'exists', 'XX'))).toBe(
      'Choisissez un pays dans la liste.',
    );
    expect(words(problemOfServerIssue('note', 'too_big', 'x'.repeat(2001)))).toMatch(
      /^2[\s\u202f\u00a0]000 caractères au plus\.$/,
    );
  });
});

describe('a staff user’s view and the requests', () => {
  it('shows the data to read, the country and language by name, none in words', () => {
    const html = inFrench(<CompanyDetails values={values} />);
    expect(html).toContain('Suisse');
    expect(html).toContain('Deutsch');
    expect(html).toContain('(aucun)');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<input');
  });

  it('lists each request with its status, old → new, the reason of a decline, the document', () => {
    const declined: TPortalChangeRequest = {
      ...pending,
      id: 'cr0',
      status: 'declined',
      changes: [{ field: 'countryIso2', from: 'CH', to: 'DE' }],
      document: { fileName: 'extrait.pdf', contentType: 'application/pdf', sizeBytes: 2048 },
      decidedAt: '2026-11-05T09:00:00.000Z',
      decisionReason: 'The registry extract is from 2019.',
    };
    // React's text separators (<!-- -->) out, to read the lines as a person does.
    const html = inFrench(
      <ChangeRequests items={[pending, declined]} canAttach onChanged={() => {}} />,
    ).replaceAll('<!-- -->', '');
    expect(html).toContain('Vos demandes');
    expect(html).toContain('En attente');
    expect(html).toContain('Refusée');
    expect(html).toContain(
      '<span class="font-medium">Pays</span>: Suisse <span aria-hidden="true">→</span>',
    );
    expect(html).toContain('<span class="sr-only"> devient</span> Allemagne');
    expect(html).toContain('Motif : The registry extract is from 2019.');
    expect(html).toContain('href="/api/change-requests/cr0/document"');
    expect(html).toContain('Document : extrait.pdf');
    // Only the pending one takes a document.
    expect(html.match(/type="file"/g)).toHaveLength(1);
  });
});
