import { directoryFields, directoryServices, type TDirectoryEntry } from '@ops/contract/directory';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DirectoryListingCard } from '../directory/listing-card';
import { directoryFieldValues, directoryServiceValues } from '../directory/labels';
import { compileMessages } from '../i18n/compiled-messages';
import { directoryPageMessages } from '../i18n/directory-messages';
import { memberMessages } from '../i18n/member-messages';
import { fr } from '../i18n/messages/fr';
import {
  choiceOf,
  entryUpdateOf,
  mergedChoice,
  previewGapsOf,
  previewOf,
  toggled,
  type EntryChoice,
} from './choices';
import { DirectoryEntryForm } from './entry-form';

const messages = compileMessages({ ...fr, ...memberMessages.fr, ...directoryPageMessages.fr });
// React's text separators (<!-- -->) out, to read the lines as a person does.
const inFrench = (node: ReactNode) =>
  renderToString(
    <IntlProvider locale="fr" messages={messages} defaultLocale="en">
      <MemoryRouter>{node}</MemoryRouter>
    </IntlProvider>,
  ).replaceAll('<!-- -->', '');

/** What `GET /api/directory-entry` says of a member that never listed itself (version 0). */
const fresh: TDirectoryEntry = {
  listed: false,
  fields: ['city', 'country', 'website', 'services'],
  services: [],
  visible: false,
  hiddenBecause: 'not-listed',
  preview: {
    number: 'M-000042',
    name: 'Hanseatic Spedition GmbH',
    city: 'Hamburg',
    countryIso2: 'DE',
    countryName: 'Germany',
    website: 'https://hanseatic.example',
    phone: null,
    services: [],
    verificationUrl: 'https://ops.example/verify/ABCD-1234',
  },
  canEdit: true,
  version: 0,
};

const listed: TDirectoryEntry = {
  ...fresh,
  listed: true,
  fields: ['city', 'country', 'services', 'phone'],
  services: ['road-freight', 'customs-brokerage'],
  visible: true,
  hiddenBecause: null,
  preview: {
    ...fresh.preview,
    website: null,
    phone: '+49 40 123 45 67',
    services: ['road-freight', 'customs-brokerage'],
  },
  version: 3,
};

/** The checkboxes of the form, as `name=value` with whether each is ticked. */
const boxes = (html: string) =>
  [...html.matchAll(/<input type="checkbox"([^>]*)>/g)].map(([, attributes = '']) => {
    const name = /name="([^"]+)"/.exec(attributes)?.[1];
    const value = /value="([^"]+)"/.exec(attributes)?.[1];
    return `${name}${value ? `=${value}` : ''}${attributes.includes('checked=""') ? ' ✓' : ''}`;
  });

describe('the directory entry form', () => {
  const html = inFrench(
    <DirectoryEntryForm entry={fresh} onSaved={() => {}} onReload={() => {}} />,
  );

  it('is off until turned on: a labelled switch, then the fields and the services to tick', () => {
    expect(html).toMatch(/<input type="checkbox" role="switch"[^>]*name="listed"\/>/);
    expect(html).toContain('Nous inscrire dans l’annuaire public des membres');
    expect(boxes(html)).toEqual([
      'listed',
      'fields=city ✓',
      'fields=country ✓',
      'fields=website ✓',
      'fields=services ✓',
      'fields=phone',
      ...directoryServices.map((service) => `services=${service}`),
    ]);
    // Every box sits in its label (44 px high), in three fieldsets with legends.
    expect(html.match(/<label class="flex min-h-11 items-center gap-3/g)).toHaveLength(16);
    expect(html.match(/<fieldset/g)).toHaveLength(3);
    expect(html).toContain('Ce que la fiche montre en plus de votre nom');
    expect(html).toContain('Dédouanement');
    expect(html).toMatch(/<button type="submit"[^>]*min-h-11[^>]*>Enregistrer la fiche</);
    expect(html).not.toContain('role="alert"');
  });

  it('says why the public does not see the entry, and previews it with the directory’s card', () => {
    expect(html).toContain(
      'Le public ne voit pas votre fiche : votre entreprise ne figure pas dans l’annuaire.',
    );
    expect(html).toContain('Votre fiche telle que l’annuaire public la montrerait, avec vos choix');
    expect(html).toMatch(/<h3[^>]*>Hanseatic Spedition GmbH<\/h3>/);
    expect(html).toContain('<dd class="break-words">Allemagne</dd>');
    expect(html).toContain('href="https://ops.example/verify/ABCD-1234"');
    expect(html).toContain('Vérifier le certificat de membre');
  });

  it('says the other reasons in words, and when the public sees it', () => {
    const reasonOf = (entry: TDirectoryEntry) =>
      inFrench(<DirectoryEntryForm entry={entry} onSaved={() => {}} onReload={() => {}} />);
    expect(reasonOf({ ...listed, visible: false, hiddenBecause: 'not-active' })).toContain(
      'Le public ne voit pas votre fiche : votre adhésion n’est pas active.',
    );
    expect(reasonOf({ ...listed, visible: false, hiddenBecause: 'hidden-by-staff' })).toContain(
      'le personnel de la fédération l’a masquée dans l’annuaire.',
    );
    const shown = reasonOf(listed);
    expect(shown).toContain('Le public voit votre fiche en ce moment.');
    expect(shown).toContain('Votre fiche telle que l’annuaire public la montre, avec vos choix');
    expect(boxes(shown).slice(0, 6)).toEqual([
      'listed ✓',
      'fields=city ✓',
      'fields=country ✓',
      'fields=website',
      'fields=services ✓',
      'fields=phone ✓',
    ]);
    expect(shown).toContain('href="tel:+49401234567"');
  });

  it('shows a staff user the entry and the preview, with who changes it, and no form', () => {
    const staff = inFrench(
      <DirectoryEntryForm
        entry={{ ...listed, canEdit: false }}
        onSaved={() => {}}
        onReload={() => {}}
      />,
    );
    expect(staff).toContain(
      'Seuls vos titulaires et administrateurs modifient la fiche dans l’annuaire',
    );
    expect(staff).toContain('Votre entreprise figure dans l’annuaire public.');
    expect(staff).not.toContain('<form');
    expect(staff).not.toContain('<input');
    expect(staff).toMatch(/<h3[^>]*>Hanseatic Spedition GmbH<\/h3>/);
  });
});

describe('what the directory entry form sends', () => {
  it('every choice without a version while there is no entry yet (version 0)', () => {
    const choice: EntryChoice = { ...choiceOf(fresh), listed: true };
    expect(entryUpdateOf(choice, fresh.version)).toEqual({
      listed: true,
      fields: ['city', 'country', 'website', 'services'],
      services: [],
    });
  });

  it('the version read once there is one, the boxes ticked in the contract’s order', () => {
    let choice = choiceOf(listed);
    choice = { ...choice, fields: toggled(directoryFieldValues, choice.fields, 'website', true) };
    choice = { ...choice, fields: toggled(directoryFieldValues, choice.fields, 'phone', false) };
    choice = {
      ...choice,
      services: toggled(directoryServiceValues, choice.services, 'air-freight', true),
    };
    expect(entryUpdateOf({ ...choice, listed: false }, listed.version)).toEqual({
      listed: false,
      fields: ['city', 'country', 'website', 'services'],
      services: ['air-freight', 'road-freight', 'customs-brokerage'],
      version: 3,
    });
  });

  it('keeps what the person ticked when the entry is read again, the rest follows', () => {
    const before = choiceOf(listed);
    const ticked = {
      ...before,
      fields: toggled(directoryFieldValues, before.fields, 'city', false),
    };
    const after = { ...before, listed: false, fields: [...before.fields, 'website' as const] };
    expect(mergedChoice(ticked, before, after)).toEqual({
      listed: false,
      fields: ['country', 'website', 'services', 'phone'],
      services: ['road-freight', 'customs-brokerage'],
    });
  });

  it('holds the words’ lists to the contract’s, in its order', () => {
    expect(directoryFieldValues).toEqual([...directoryFields]);
    expect(directoryServiceValues).toEqual([...directoryServices]);
  });
});

describe('the live preview', () => {
  it('hides the fields not ticked and shows the services ticked, as the public card does', () => {
    const choice: EntryChoice = {
      listed: true,
      fields: ['city', 'services'],
      services: ['sea-freight', 'warehousing'],
    };
    const preview = previewOf(fresh, choice);
    expect(preview).toEqual({
      ...fresh.preview,
      countryIso2: null,
      countryName: null,
      website: null,
      services: ['sea-freight', 'warehousing'],
    });
    const card = inFrench(<DirectoryListingCard listing={preview} />);
    expect(card).toContain('Hamburg');
    expect(card).toContain('Fret maritime et Entreposage');
    expect(card).not.toContain('Allemagne');
    expect(card).not.toContain('hanseatic.example');
  });

  it('says what it cannot show yet: a field ticked but not saved, one the company lacks', () => {
    const choice = choiceOf(fresh);
    expect(previewGapsOf(fresh, { ...choice, fields: [...choice.fields, 'phone'] })).toEqual({
      afterSave: ['phone'],
      missing: [],
      noServices: true,
    });
    const noCity = { ...listed, preview: { ...listed.preview, city: null } };
    expect(previewGapsOf(noCity, choiceOf(noCity))).toEqual({
      afterSave: [],
      missing: ['city'],
      noServices: false,
    });
    const html = inFrench(
      <DirectoryEntryForm entry={noCity} onSaved={() => {}} onReload={() => {}} />,
    );
    expect(html).toContain('Absent des données de votre entreprise, donc non affiché : Localité.');
    expect(html).toContain('href="/company"');
  });
});
