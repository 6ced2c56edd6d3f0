import type { TReport, TReportName, TReportRow } from '@ops/contract/reports';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '@/lib/testing/report-fixture';
import {
  ageingTrend,
  chfEquivalents,
  currenciesOf,
  describeChange,
  dueDatesOfBucket,
  formatSignedCount,
  growthTrend,
  membershipTrend,
  pointsChange,
  relativeChange,
  renewalTrend,
  revenueTrend,
} from './trend-figures';

const nbsp = '\u00a0';

/** A report as the API answers it, with only what the trends read filled in (its rows). */
function reportOf(
  name: TReportName,
  rows: TReportRow[],
  filters: Partial<TReport['filters']> = {},
): TReport {
  return reportFixture(name, { columns: [], rows, filters });
}

describe('changes', () => {
  it('is relative to the earlier figure, one decimal', () => {
    expect(relativeChange(32_902, 32_320)).toEqual({ kind: 'percent', value: 1.8 });
    expect(describeChange({ kind: 'percent', value: 1.8 }, 'the end of 2025')).toBe(
      '+1.8% on the end of 2025',
    );
  });

  it('says a fall with a minus sign', () => {
    const change = relativeChange(900, 1000);
    expect(change).toEqual({ kind: 'percent', value: -10 });
    if (change.kind === 'none') throw new Error('a change was expected');
    expect(describeChange(change, 'the end of 2025')).toBe('-10.0% on the end of 2025');
  });

  it('has no ratio against zero, and none against a missing figure', () => {
    expect(relativeChange(10, 0)).toEqual({ kind: 'none', reason: 'no-base' });
    expect(relativeChange(10, null)).toEqual({ kind: 'none', reason: 'missing' });
    expect(pointsChange(61.2, null)).toEqual({ kind: 'none', reason: 'missing' });
  });

  it('counts points between shares without binary noise, and says when nothing changed', () => {
    expect(pointsChange(61.2, 57.8)).toEqual({ kind: 'points', value: 3.4 });
    expect(describeChange({ kind: 'points', value: 3.4 }, '24 Nov 2025')).toBe(
      '+3.4 points on 24 Nov 2025',
    );
    expect(describeChange({ kind: 'points', value: 0 }, '24 Nov 2025')).toBe(
      'No change on 24 Nov 2025',
    );
  });

  it('writes a count change with its sign', () => {
    expect(formatSignedCount(1204)).toBe('+1,204');
    expect(formatSignedCount(-35)).toBe('-35');
    expect(formatSignedCount(0)).toBe('0');
  });
});

describe('membershipTrend', () => {
  const row = (year: number, region: string | null, members: number): TReportRow => ({
    year,
    region,
    members,
    on: year === 2026 ? '2026-11-24' : `${year}-12-31`,
  });

  it('shows the members now against the end of last year, summed over the regions', () => {
    const trend = membershipTrend(
      reportOf('membership-by-region', [
        row(2025, 'europe', 20_000),
        row(2025, 'americas', 12_320),
        row(2026, 'europe', 20_402),
        row(2026, 'americas', 12_500),
      ]),
    );
    expect(trend.figure).toEqual({
      value: '32,902 members',
      change: '+1.8% on the end of 2025',
      direction: 'up',
    });
    expect(trend.chart?.categories).toEqual(['2025', '2026']);
    // The regions in their usual order, whatever the rows' order.
    expect(trend.chart?.series.map((series) => series.label)).toEqual(['Americas', 'Europe']);
  });

  it('says a fall as a negative change', () => {
    const trend = membershipTrend(
      reportOf('membership-by-region', [row(2025, 'europe', 1000), row(2026, 'europe', 950)]),
    );
    expect(trend.figure.change).toBe('-5.0% on the end of 2025');
    expect(trend.figure.direction).toBe('down');
  });

  it('has nothing to compare with when last year counted no members', () => {
    const trend = membershipTrend(
      reportOf('membership-by-region', [row(2025, 'europe', 0), row(2026, 'europe', 12)]),
    );
    expect(trend.figure.value).toBe('12 members');
    expect(trend.figure.change).toBe('None at the end of 2025 to compare with');
    expect(trend.figure.direction).toBe('none');
  });

  it('does not invent last year when its rows are missing', () => {
    const trend = membershipTrend(reportOf('membership-by-region', [row(2026, 'europe', 12)]));
    expect(trend.figure.change).toBe('No count for the end of 2025');
  });

  it('has no chart without rows', () => {
    expect(membershipTrend(reportOf('membership-by-region', [])).chart).toBeNull();
  });

  it('opens the members of a region on the counted day, or those without a country', () => {
    const chart = membershipTrend(
      reportOf('membership-by-region', [row(2025, 'europe', 3), row(2025, null, 1)]),
    ).chart;
    expect(chart?.series.map((series) => series.key)).toEqual(['europe', '(none)']);
    expect(chart?.hrefOf?.({ index: 0, seriesKey: 'europe' })).toBe(
      '/members?region=europe&memberOn=2025-12-31',
    );
    expect(chart?.hrefOf?.({ index: 0, seriesKey: '(none)' })).toBe(
      '/members?country=(empty)&memberOn=2025-12-31',
    );
  });
});

describe('growthTrend', () => {
  const month = (m: string, joins: number, resignations: number, terminations: number) => ({
    month: m,
    joins,
    resignations,
    terminations,
    suspensions: 0,
    net: joins - resignations - terminations,
  });

  it('adds the net change of the months and gives this month apart', () => {
    const trend = growthTrend(
      reportOf('growth', [month('2026-10', 40, 10, 5), month('2026-11', 12, 20, 2)], {
        from: '2026-10-01',
      }),
    );
    expect(trend.figure).toEqual({
      value: '+15 net in 2 months',
      change: '-10 in Nov 2026 so far',
      direction: 'up',
    });
    expect(trend.chart?.series[1]?.values).toEqual([15, 22]);
  });

  it('says a shrinking membership and a month without figures', () => {
    const trend = growthTrend(
      reportOf('growth', [month('2026-10', 1, 10, 0)], { from: '2026-10-01' }),
    );
    expect(trend.figure.value).toBe('-9 net in 1 month');
    expect(trend.figure.direction).toBe('down');
    expect(trend.figure.change).toBe('No figures for Nov 2026 yet');
  });

  it('opens the joins and the leavers of a month, the current month up to today', () => {
    const chart = growthTrend(
      reportOf('growth', [month('2026-10', 1, 0, 0), month('2026-11', 1, 1, 0)], {
        from: '2026-10-01',
      }),
    ).chart;
    expect(chart?.hrefOf?.({ index: 0, seriesKey: 'joins' })).toBe(
      '/members?joinedOn=2026-10-01..2026-10-31',
    );
    expect(chart?.hrefOf?.({ index: 1, seriesKey: 'leavers' })).toBe(
      '/members?status=resigned,terminated&terminatedOn=2026-11-01..2026-11-24',
    );
  });
});

describe('revenueTrend', () => {
  const month = (
    m: string,
    currency: string,
    invoiced: number,
    collected: number,
    invoicedChf: number | null,
    collectedChf: number | null,
  ): TReportRow => ({
    month: m,
    currency,
    invoicedMinor: invoiced,
    collectedMinor: collected,
    invoicedChfMinor: invoicedChf,
    collectedChfMinor: collectedChf,
  });
  const rows = [
    month('2026-01', 'CHF', 100_000, 50_000, 100_000, 50_000),
    month('2026-01', 'EUR', 10_000, 10_000, 9_500, 9_500),
    month('2026-02', 'CHF', 0, 40_000, 0, 40_000),
    month('2026-02', 'EUR', 0, 0, 0, 0),
  ];
  const report = reportOf('revenue', rows, { from: '2026-01-01', to: '2026-02-15', by: 'month' });

  it('gives the share collected of the year in CHF equivalents', () => {
    expect(currenciesOf(report)).toEqual(['CHF', 'EUR']);
    const trend = revenueTrend(report, chfEquivalents);
    // 99,500 of 109,500 CHF minor units.
    expect(trend.figure.value).toBe('90.9% collected');
    expect(trend.figure.change).toBe(`CHF${nbsp}995.00 of CHF${nbsp}1,095.00 invoiced in 2026`);
    expect(trend.chart?.series[0]?.values).toEqual([109_500, 0]);
  });

  it('reads one currency in its own amounts', () => {
    const trend = revenueTrend(report, 'EUR');
    expect(trend.figure.value).toBe('100.0% collected');
    expect(trend.figure.change).toBe(`EUR${nbsp}100.00 of EUR${nbsp}100.00 invoiced in 2026`);
    expect(trend.chart?.hrefOf?.({ index: 0, seriesKey: 'invoiced' })).toBe(
      '/invoices?currency=EUR&issueDate=2026-01-01..2026-01-31&status=issued,paid,credited,uncollectible',
    );
    expect(trend.chart?.hrefOf?.({ index: 1, seriesKey: 'collected' })).toBe(
      '/invoices?currency=EUR&paidAt=2026-02-01..2026-02-15',
    );
  });

  it('does not add up CHF equivalents when a rate is missing', () => {
    const missing = reportOf('revenue', [month('2026-01', 'USD', 500, 0, null, 0)]);
    const trend = revenueTrend(missing, chfEquivalents);
    expect(trend.figure.value).toBe('CHF equivalents incomplete');
    expect(trend.chart?.series[0]?.values).toEqual([null]);
    // The currency's own amounts are still whole.
    expect(revenueTrend(missing, 'USD').figure.value).toBe('0.0% collected');
  });

  it('says when nothing was invoiced yet', () => {
    const trend = revenueTrend(reportOf('revenue', []), chfEquivalents);
    expect(trend.figure.value).toBe('Nothing invoiced in 2026');
    expect(trend.chart).toBeNull();
  });
});

describe('ageingTrend', () => {
  const bucketRow = (currency: string, bucket: string, amount: number, chf: number | null) => ({
    currency,
    bucket,
    invoices: amount === 0 ? 0 : 1,
    amountMinor: amount,
    chfMinor: chf,
    rateMonth: '2026-11',
  });
  const rows = [
    bucketRow('CHF', 'current', 60_000, 60_000),
    bucketRow('CHF', '1-30', 10_000, 10_000),
    bucketRow('CHF', '31-60', 0, 0),
    bucketRow('CHF', '61-90', 0, 0),
    bucketRow('CHF', '90+', 20_000, 20_000),
    bucketRow('EUR', 'current', 0, 0),
    bucketRow('EUR', '1-30', 0, 0),
    bucketRow('EUR', '31-60', 0, 0),
    bucketRow('EUR', '61-90', 0, 0),
    bucketRow('EUR', '90+', 10_000, 9_500),
  ];
  const report = reportOf('receivables-ageing', rows);

  it('gives the total open and the share over 90 days, in CHF equivalents', () => {
    const trend = ageingTrend(report, chfEquivalents);
    expect(trend.figure.value).toBe(`CHF${nbsp}995.00 open`);
    expect(trend.figure.change).toBe(`29.6% over 90 days past due (CHF${nbsp}295.00)`);
    expect(trend.chart?.categories).toEqual([
      'Not yet due',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
    expect(trend.chart?.series[0]?.values).toEqual([60_000, 10_000, 0, 0, 29_500]);
  });

  it('opens the issued invoices of a bucket, by their due dates counted back from today', () => {
    const chf = ageingTrend(report, chfEquivalents).chart;
    expect(chf?.hrefOf?.({ index: 4, seriesKey: 'amount' })).toBe(
      '/invoices?status=issued&dueDate=..2026-08-25',
    );
    const eur = ageingTrend(report, 'EUR').chart;
    expect(eur?.hrefOf?.({ index: 1, seriesKey: 'amount' })).toBe(
      '/invoices?status=issued&currency=EUR&dueDate=2026-10-25..2026-11-23',
    );
    expect(dueDatesOfBucket('current', '2026-11-24')).toBe('2026-11-24..');
    expect(dueDatesOfBucket('61-90', '2026-11-24')).toBe('2026-08-26..2026-09-24');
  });

  it('says when nothing is open, and when a rate is missing', () => {
    expect(ageingTrend(reportOf('receivables-ageing', []), chfEquivalents).figure).toEqual({
      value: `CHF${nbsp}0.00 open`,
      change: 'No invoice has a balance open',
      direction: 'none',
    });
    const missing = reportOf('receivables-ageing', [bucketRow('USD', '90+', 100, null)]);
    expect(ageingTrend(missing, chfEquivalents).figure.value).toBe('CHF equivalents incomplete');
  });
});

describe('renewalTrend', () => {
  const day = (year: number, date: string, paidShare: number | null): TReportRow => ({
    year,
    day: date,
    dayOfYear: 0,
    issued: 10,
    issuedChfMinor: 0,
    paid: 0,
    paidChfMinor: 0,
    paidShare,
  });

  it('compares the share paid today with last year on the same day, in points', () => {
    const trend = renewalTrend(
      reportOf('renewal-progress', [
        day(2024, '2024-01-01', 10),
        day(2025, '2025-01-01', 20),
        day(2025, '2025-01-02', 57.8),
        day(2026, '2026-01-01', 30),
        day(2026, '2026-01-02', 61.2),
      ]),
    );
    expect(trend.figure).toEqual({
      value: '61.2% paid',
      change: '+3.4 points on 2 Jan 2025',
      direction: 'up',
    });
    // Two lines: this year and last year, read on the same calendar day.
    expect(trend.chart?.series.map((series) => series.values)).toEqual([
      [30, 61.2],
      [20, 57.8],
    ]);
    expect(trend.chart?.categories).toEqual(['1 Jan', '2 Jan']);
  });

  it('says a lower share as negative points', () => {
    const trend = renewalTrend(
      reportOf('renewal-progress', [day(2025, '2025-03-01', 50), day(2026, '2026-03-01', 45.5)]),
    );
    expect(trend.figure.change).toBe('-4.5 points on 1 Mar 2025');
    expect(trend.figure.direction).toBe('down');
  });

  it('has nothing to compare with when last year had no renewal invoices', () => {
    const trend = renewalTrend(
      reportOf('renewal-progress', [day(2025, '2025-03-01', null), day(2026, '2026-03-01', 40)]),
    );
    expect(trend.figure.change).toBe('No renewal invoices on 1 Mar 2025 to compare with');
    const withoutRows = renewalTrend(reportOf('renewal-progress', [day(2026, '2026-03-01', 40)]));
    expect(withoutRows.figure.change).toBe(
      'No renewal invoices on the same day of 2025 to compare with',
    );
    expect(withoutRows.chart?.series).toHaveLength(1);
  });

  it('says when this year has no renewal invoices yet', () => {
    const trend = renewalTrend(reportOf('renewal-progress', [day(2026, '2026-01-01', null)]));
    expect(trend.figure.value).toBe('No renewal invoices for 2026 yet');
  });

  it('keeps a point a week and the last day', () => {
    const days = Array.from({ length: 20 }, (_, index) =>
      day(2026, `2026-01-${String(index + 1).padStart(2, '0')}`, index),
    );
    const trend = renewalTrend(reportOf('renewal-progress', days, { to: '2026-01-20' }));
    expect(trend.chart?.categories).toEqual(['1 Jan', '8 Jan', '15 Jan', '20 Jan']);
  });
});
