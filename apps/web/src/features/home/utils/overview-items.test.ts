import { describe, expect, it } from 'vitest';
import { formatCount, getOverviewItems } from './overview-items';

const overview = {
  applicationsAwaitingReview: 12,
  overdueInvoices: 0,
  failedEmails: 3,
  asOf: '2026-11-22T10:00:00.000Z',
};

describe('getOverviewItems', () => {
  it('gives the three counts in order, each linking to its filtered list', () => {
    expect(
      getOverviewItems(overview).map(({ id, label, count, href }) => ({ id, label, count, href })),
    ).toEqual([
      {
        id: 'applications',
        label: 'Applications awaiting review',
        count: 12,
        href: '/applications?status=submitted,endorsed,under-review',
      },
      { id: 'invoices', label: 'Overdue invoices', count: 0, href: '/invoices?overdue=true' },
      { id: 'emails', label: 'Failed e-mails', count: 3, href: '/emails?state=ERROR' },
    ]);
  });

  it('has a sentence for an empty count', () => {
    const [applications] = getOverviewItems({ ...overview, applicationsAwaitingReview: 0 });
    expect(applications?.emptyText).toBe('No applications are waiting for review.');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1204)).toBe('1,204');
  });
});

describe('listHrefs (config/paths.ts), as the start page uses them', () => {
  it('keeps list separators readable and encodes the values', async () => {
    const { listHrefs } = await import('@/config/paths');
    expect(listHrefs.applications({ status: ['a,b', 'c d'] })).toBe(
      '/applications?status=a%2Cb,c%20d',
    );
    expect(listHrefs.applications({ status: [] })).toBe('/applications');
    expect(listHrefs.invoices()).toBe('/invoices');
    expect(listHrefs.emails({ state: 'ERROR' })).toBe('/emails?state=ERROR');
  });
});
