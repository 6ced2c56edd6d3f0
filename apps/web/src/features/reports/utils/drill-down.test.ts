import { describe, expect, it } from 'vitest';
import { addDays, drillDownHref, dueDatesOfBucket, monthDays } from './drill-down';
import { reportFixture } from '@/lib/testing/report-fixture';
import { ageingFixture } from './report-fixtures';

describe('the dates of a drill-down', () => {
  it('moves days across months and years, and knows a month’s last day', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(monthDays('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
  });

  it('gives each ageing bucket its due dates, counted back from today', () => {
    expect(dueDatesOfBucket('current', '2026-11-24')).toBe('2026-11-24..');
    expect(dueDatesOfBucket('1-30', '2026-11-24')).toBe('2026-10-25..2026-11-23');
    expect(dueDatesOfBucket('31-60', '2026-11-24')).toBe('2026-09-25..2026-10-24');
    expect(dueDatesOfBucket('61-90', '2026-11-24')).toBe('2026-08-26..2026-09-24');
    expect(dueDatesOfBucket('90+', '2026-11-24')).toBe('..2026-08-25');
  });
});

describe('drillDownHref', () => {
  it('opens the issued invoices of an ageing bucket in its currency, with the member filters', () => {
    const row = ageingFixture.rows[2];
    expect(row).toBeDefined();
    expect(drillDownHref(ageingFixture, row ?? {}, 'amountMinor')).toBe(
      '/invoices?status=issued&currency=CHF&dueDate=2026-09-25..2026-10-24&region=europe&memberCategory=individual',
    );
    expect(drillDownHref(ageingFixture, row ?? {}, 'rateMonth')).toBeUndefined();
  });

  it('opens the members at a year end in a region', () => {
    const report = reportFixture('membership-by-region', {
      columns: [],
      rows: [],
      filters: { by: 'region', category: ['association'] },
    });
    expect(
      drillDownHref(
        report,
        { year: 2025, region: 'europe', members: 10, on: '2025-12-31' },
        'members',
      ),
    ).toBe('/members?region=europe&category=association&memberOn=2025-12-31');
    // Counted under no region: the members without a country.
    expect(
      drillDownHref(report, { year: 2025, region: null, members: 2, on: '2025-12-31' }, 'members'),
    ).toBe('/members?country=(empty)&category=association&memberOn=2025-12-31');
  });

  it('opens the joins, leavers and suspensions of a month, cut to the report’s period', () => {
    const report = reportFixture('growth', {
      columns: [],
      rows: [],
      filters: { from: '2026-03-15', to: '2026-11-24', country: ['CH'] },
    });
    const march = { month: '2026-03' };
    expect(drillDownHref(report, march, 'joins')).toBe(
      '/members?country=CH&joinedOn=2026-03-15..2026-03-31',
    );
    expect(drillDownHref(report, march, 'resignations')).toBe(
      '/members?country=CH&status=resigned&terminatedOn=2026-03-15..2026-03-31',
    );
    expect(drillDownHref(report, march, 'suspensions')).toBe(
      '/activity?recordType=members&action=status&at=2026-03-15..2026-03-31',
    );
    expect(drillDownHref(report, { month: '2026-11' }, 'joins')).toBe(
      '/members?country=CH&joinedOn=2026-11-01..2026-11-24',
    );
    expect(drillDownHref(report, march, 'net')).toBeUndefined();
  });

  it('opens the invoices invoiced or paid in a revenue period', () => {
    const report = reportFixture('revenue', {
      columns: [],
      rows: [],
      filters: { from: '2025-01-01', by: 'year' },
    });
    expect(drillDownHref(report, { year: 2025, currency: 'EUR' }, 'invoicedMinor')).toBe(
      '/invoices?currency=EUR&issueDate=2025-01-01..2025-12-31&status=issued,paid,credited,uncollectible',
    );
    expect(drillDownHref(report, { year: 2025, currency: 'EUR' }, 'collectedChfMinor')).toBe(
      '/invoices?currency=EUR&paidAt=2025-01-01..2025-12-31',
    );
  });

  it('opens certificates of a year and type, e-mails of a week, a member’s ledger', () => {
    const certificates = reportFixture('certificates', {
      columns: [],
      rows: [],
      filters: { from: '2022-01-01' },
    });
    expect(drillDownHref(certificates, { year: 2024, type: 'diploma' }, 'issued')).toBe(
      '/certificates?type=diploma&issuedAt=2024-01-01..2024-12-31',
    );
    const emails = reportFixture('email-delivery', {
      columns: [],
      rows: [],
      filters: { from: '2026-09-07' },
    });
    expect(drillDownHref(emails, { week: '2026-09-07' }, 'failed')).toBe(
      '/emails?state=ERROR&createdAt=2026-09-07..2026-09-13',
    );
    const byMember = reportFixture('receivables-by-member', { columns: [], rows: [] });
    const row = { mid: 'm-1', currency: 'CHF', oldestIid: 'i-9' };
    expect(drillDownHref(byMember, row, 'memberName')).toBe('/members/m-1?tab=ledger');
    expect(drillDownHref(byMember, row, 'oldestInvoiceNumber')).toBe('/invoices/i-9');
    expect(drillDownHref(byMember, row, 'days31To60Minor')).toBe(
      '/invoices?member=m-1&status=issued&currency=CHF&dueDate=2026-09-25..2026-10-24',
    );
  });
});
