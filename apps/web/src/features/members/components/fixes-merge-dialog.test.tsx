import type { TDuplicateFinding } from '@ops/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MergeDialog } from './fixes-merge-dialog';

type Member = TDuplicateFinding['members'][number];

const member = (mid: string, number: string, vatNumber: string | null): Member => ({
  mid,
  number,
  legalName: 'Müller Spedition GmbH',
  tradeName: null,
  category: 'individual',
  status: 'active',
  countryIso2: 'DE',
  countryName: 'Germany',
  city: 'Hamburg',
  vatNumber,
  email: `${mid}@example.org`,
  website: null,
  phone: null,
  joinedOn: null,
  paidThroughYear: null,
  nationalAssociationMid: null,
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  related: {
    users: 0,
    invoices: 3,
    paidInvoices: 1,
    certificates: 0,
    applications: 0,
    emails: 0,
    associationLinks: 0,
  },
});

/** The dialog's HTML, without the markers React puts between adjacent text nodes. */
function render(first: Member, second: Member) {
  return renderToString(
    <MergeDialog
      isOpen
      finding={{ key: 'k', members: [first, second], proposedSurvivorMid: first.mid, proposal: '' }}
      isBusy={false}
      error={null}
      onConfirm={() => undefined}
      onClose={() => undefined}
    />,
  ).replaceAll('<!-- -->', '');
}

const submitButton = (html: string) => /<button[^>]*type="submit"[^>]*>/.exec(html)?.[0] ?? '';

describe('MergeDialog', () => {
  it('warns about different VAT numbers and needs a tick before merging', () => {
    const html = render(member('a', 'M-1', 'DE111111111'), member('b', 'M-2', 'DE 222 222 222'));
    expect(html).toContain('These members have different VAT numbers');
    expect(html).toContain('M-1 has DE111111111 and M-2 has DE 222 222 222');
    expect(html).toContain('they are the same member despite the different VAT numbers');
    // Side by side: both VAT numbers and the invoice counts in the comparison table.
    expect(html).toMatch(/VAT number<\/th><td[^>]*>DE111111111<\/td><td[^>]*>DE 222 222 222/);
    expect(html).toContain('3 (1 paid)');
    expect(submitButton(html)).toContain('disabled=""');
  });

  it('asks nothing more when the VAT numbers are the same one written differently, or one is missing', () => {
    for (const [a, b] of [
      ['CHE-123.456.789 MWST', 'che123456789'],
      ['DE111111111', null],
    ] as const) {
      const html = render(member('a', 'M-1', a), member('b', 'M-2', b));
      expect(html).not.toContain('different VAT numbers');
      expect(submitButton(html)).not.toContain('disabled=""');
    }
  });
});
