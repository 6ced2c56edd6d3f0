import type { THomeOverview } from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { formatCount, getOverviewItems } from './overview-items';

const overview: THomeOverview = {
  applicationsAwaitingReview: 12,
  overdueInvoices: 0,
  failedEmails: 3,
  suggestedBankPayments: 2,
  unmatchedBankPayments: 1_205,
  pendingChangeRequests: 4,
  pendingCloseRequests: 1,
  dunningLevels: [
    { level: 1, name: 'Reminder 1', invoices: 40 },
    { level: 3, name: 'Final notice', invoices: 0 },
    { level: 4, name: 'Suspension', invoices: 7 },
  ],
  suspension: { level: 4, name: 'Suspension', dueOnOrBefore: '2026-08-24', members: 9 },
  asOf: '2026-11-22T10:00:00.000Z',
};

describe('getOverviewItems', () => {
  it('gives the counts in order, each linking to its filtered list', () => {
    expect(
      getOverviewItems(overview).map(({ id, label, count, href }) => ({ id, label, count, href })),
    ).toEqual([
      {
        id: 'applications',
        label: 'Applications awaiting review',
        count: 12,
        href: '/applications?status=submitted,endorsed,under-review',
      },
      {
        id: 'change-requests',
        label: 'Change requests to review',
        count: 4,
        href: '/change-requests?status=pending&kind=company-data',
      },
      {
        id: 'close-requests',
        label: 'Close-account requests',
        count: 1,
        href: '/change-requests?status=pending&kind=close-account',
      },
      {
        id: 'bank-payments',
        label: 'Bank payments to match',
        count: 1_207,
        href: '/bank-statements/unmatched',
      },
      { id: 'emails', label: 'Failed e-mails', count: 3, href: '/emails?state=ERROR' },
      { id: 'invoices', label: 'Overdue invoices', count: 0, href: '/invoices?overdue=true' },
      {
        id: 'dunning-level-1',
        label: 'Reminder 1 sent',
        count: 40,
        href: '/invoices?status=issued&dunningLevel=1',
      },
      {
        id: 'dunning-level-3',
        label: 'Final notice sent',
        count: 0,
        href: '/invoices?status=issued&dunningLevel=3',
      },
      {
        id: 'dunning-level-4',
        label: 'Suspension sent',
        count: 7,
        href: '/invoices?status=issued&dunningLevel=4',
      },
      {
        id: 'suspension',
        label: 'Members due for suspension',
        count: 9,
        href: '/invoices?status=issued&dueDate=..2026-08-24&memberCategory=individual,association,group&sort=dueDate',
      },
    ]);
  });

  it('says both bank counts and the suspension day in words', () => {
    const items = getOverviewItems(overview);
    expect(items.find((item) => item.id === 'bank-payments')?.description).toBe(
      '2 suggested (confirm them), 1,205 unmatched (assign them).',
    );
    expect(items.find((item) => item.id === 'suspension')?.description).toBe(
      'Not suspended yet, with an invoice due on or before 24 Aug 2026 (Suspension).',
    );
  });

  it('leaves the suspension out when no enabled level suspends', () => {
    const items = getOverviewItems({ ...overview, suspension: null });
    expect(items.map((item) => item.id)).not.toContain('suspension');
  });

  it('says an empty queue of change or close-account requests in words', () => {
    const items = getOverviewItems({
      ...overview,
      pendingChangeRequests: 0,
      pendingCloseRequests: 0,
    });
    expect(items.find((item) => item.id === 'change-requests')?.emptyText).toBe(
      'No change of company data is waiting for review.',
    );
    expect(items.find((item) => item.id === 'close-requests')?.emptyText).toBe(
      'No member has asked to close its account.',
    );
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
    expect(listHrefs.changeRequests()).toBe('/change-requests');
    expect(listHrefs.changeRequests({ status: 'pending' })).toBe('/change-requests?status=pending');
  });
});
