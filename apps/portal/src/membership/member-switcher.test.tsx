import type { TPortalMembership } from '@ops/contract/portal-membership';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  renderMemberSide,
  textOfHtml,
  type PortalLanguage as Language,
} from '../i18n/member-side-rendering';
import { membershipApi } from './api';
import { MemberSwitcher, MemberSwitcherView, switchMember } from './member-switcher';

const render = renderMemberSide;
const inEnglish = (node: ReactNode) => render('en', node);
const text = textOfHtml;

const muster = {
  mid: 'm1',
  number: 'M-000042',
  legalName: 'Muster Logistik AG',
  role: 'owner',
} as const;
const beispiel = {
  mid: 'm2',
  number: 'M-000043',
  legalName: 'Beispiel & Söhne GmbH',
  role: 'staff',
} as const;

const membership: TPortalMembership = {
  ...muster,
  category: 'association',
  status: 'active',
  paidThroughYear: 2026,
  joinedOn: '2020-01-01',
  terminatedOn: null,
  due: [],
  memberships: [muster],
};
const group: TPortalMembership = { ...membership, memberships: [muster, beispiel] };

const noop = () => {};

describe('the member switcher', () => {
  it('is not there for a user of one member', () => {
    expect(inEnglish(<MemberSwitcher membership={membership} />)).toBe('');
    expect(inEnglish(<MemberSwitcherView membership={membership} onChoose={noop} />)).toBe('');
  });

  it('lists a group’s members with their number and role, the current one selected', () => {
    const html = inEnglish(<MemberSwitcher membership={group} />);
    const options = [...html.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)];
    expect(options.map(([, , words]) => text(words ?? ''))).toEqual([
      'Muster Logistik AG (M-000042) · Owner',
      'Beispiel & Söhne GmbH (M-000043) · Staff',
    ]);
    expect(options[0]?.[1]).toContain('value="m1"');
    expect(options[0]?.[1]).toContain('selected=""');
    expect(options[1]?.[1]).toContain('value="m2"');
    expect(options[1]?.[1]).not.toContain('selected');
  });

  it('has a visible label tied to the select, the help read with it, 44 px and a focus ring', () => {
    const html = inEnglish(<MemberSwitcher membership={group} />);
    const id = /<select id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(
      `<label for="${id}" class="block text-sm font-medium">Acting for</label>`,
    );
    expect(html).toMatch(new RegExp(`<select[^>]*aria-describedby="${id}-help"`));
    expect(html).toMatch(/<select[^>]*class="[^"]*min-h-11[^"]*w-full[^"]*focus-visible:outline/);
    expect(text(html)).toContain('You may act for 2 members.');
  });

  it('speaks the person’s language', () => {
    const words = {
      fr: ['Vous agissez pour', 'Muster Logistik AG (M-000042) · Titulaire'],
      de: ['Sie handeln für', 'Beispiel & Söhne GmbH (M-000043) · Mitarbeiter'],
      es: ['Actúa en nombre de', 'Muster Logistik AG (M-000042) · Titular'],
    } as const;
    for (const [language, expected] of Object.entries(words)) {
      const html = text(render(language as Language, <MemberSwitcher membership={group} />));
      for (const part of expected) expect(html, language).toContain(part);
    }
  });

  it('says which member it opens, and a refused switch in an alert', () => {
    const opening = inEnglish(
      <MemberSwitcherView membership={group} chosen="m2" onChoose={noop} />,
    );
    expect(opening).toMatch(/role="status"[^>]*>Opening the portal for Beispiel &amp; Söhne GmbH…/);
    expect(opening).toMatch(/<option value="m2" selected="">/);
    expect(opening).not.toContain('role="alert"');

    const cases = {
      'not-yours': 'You can no longer act for that member.',
      failed: 'The member could not be switched. Please try again.',
      network: 'The portal cannot be reached.',
    } as const;
    for (const [failure, words] of Object.entries(cases)) {
      const html = inEnglish(
        <MemberSwitcherView
          membership={group}
          failure={failure as keyof typeof cases}
          onChoose={noop}
        />,
      );
      expect(html).toMatch(new RegExp(`<p role="alert"[^>]*>${words}`));
      expect(html).toMatch(/<option value="m1" selected="">/);
    }
  });
});

describe('choosing a member', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answering = (status: number, body: unknown) => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, init });
        return Promise.resolve(new Response(JSON.stringify(body), { status }));
      }),
    );
    return calls;
  };

  it('puts the mid to /api/membership/current, then reloads the whole portal', async () => {
    const calls = answering(200, { ...group, ...beispiel });
    const reload = vi.fn();
    await expect(switchMember('m2', reload)).resolves.toBeNull();
    expect(calls.map(({ url, init }) => `${init.method} ${url}`)).toEqual([
      'PUT /api/membership/current',
    ]);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ mid: 'm2' });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stays on the page and says why for a member that is not the user’s', async () => {
    answering(404, { error: { code: 'not-found', message: 'No such member' } });
    const reload = vi.fn();
    await expect(switchMember('m9', reload)).resolves.toBe('not-yours');
    answering(500, { error: { code: 'internal', message: 'Broken' } });
    await expect(switchMember('m2', reload)).resolves.toBe('failed');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(switchMember('m2', reload)).resolves.toBe('network');
    expect(reload).not.toHaveBeenCalled();
  });

  it('is the membership API’s switchTo, answered with the chosen member', async () => {
    answering(200, { ...group, ...beispiel });
    await expect(membershipApi.switchTo('m2')).resolves.toMatchObject({ mid: 'm2' });
  });
});
