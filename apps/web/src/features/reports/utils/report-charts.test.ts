import { describe, expect, it } from 'vitest';
import { chfEquivalents, defaultChartCurrency, reportChartOf } from './report-charts';
import { reportFixture } from '@/lib/testing/report-fixture';
import { ageingFixture } from './report-fixtures';
import { reportTotalsOf } from './report-totals';

describe('the chart of a report', () => {
  it('draws the ageing buckets in one currency, or all in CHF equivalents', () => {
    expect(defaultChartCurrency(ageingFixture)).toBe(chfEquivalents);
    const inChf = reportChartOf(ageingFixture, chfEquivalents);
    expect(inChf?.kind).toBe('bar');
    expect(inChf?.categories).toEqual([
      'Not yet due',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
    expect(inChf?.series.map((series) => series.values)).toEqual([[39400, 12550, 24700, 0, 5000]]);
    expect(inChf?.formatValue?.(24700)).toBe('CHF\u00a0247.00');
    // The CHF equivalents of all currencies open the bucket in every currency.
    expect(inChf?.hrefOf({ index: 2, seriesKey: 'amountMinor' })).toBe(
      '/invoices?status=issued&dueDate=2026-09-25..2026-10-24&region=europe&memberCategory=individual',
    );

    const inEur = reportChartOf(ageingFixture, 'EUR');
    expect(inEur?.title).toBe('Receivables ageing (EUR)');
    expect(inEur?.series[0]?.values).toEqual([10000, 0, 5000, 0, 0]);
    expect(inEur?.hrefOf({ index: 0, seriesKey: 'amountMinor' })).toBe(
      '/invoices?status=issued&currency=EUR&dueDate=2026-11-24..&region=europe&memberCategory=individual',
    );
  });

  it('stacks members per year by region, the smallest regions folded into "Other"', () => {
    const countries = ['CH', 'DE', 'FR', 'IT', 'AT', 'US', 'JP', 'BR'];
    const report = reportFixture('membership-by-region', {
      columns: [],
      rows: [2025, 2026].flatMap((year) =>
        countries.map((country, index) => ({
          year,
          country,
          countryName: `Country ${country}`,
          members: 100 - index,
          on: `${year}-12-31`,
        })),
      ),
      filters: { by: 'country', from: '2025-01-01' },
    });
    const chart = reportChartOf(report, chfEquivalents);
    expect(chart?.kind).toBe('stacked-bar');
    expect(chart?.categories).toEqual(['2025', '2026']);
    expect(chart?.series.map((series) => series.label)).toEqual([
      'Country CH',
      'Country DE',
      'Country FR',
      'Country IT',
      'Country AT',
      'Country US',
      'Other',
    ]);
    // JP (94) and BR (93) add up under Other.
    expect(chart?.series.at(-1)?.values).toEqual([187, 187]);
    expect(chart?.hrefOf({ index: 1, seriesKey: 'DE' })).toBe(
      '/members?country=DE&memberOn=2026-12-31',
    );
    expect(chart?.hrefOf({ index: 1, seriesKey: 'other' })).toBeUndefined();
  });

  it('compares the renewal lines of three years on the same calendar day', () => {
    const rows = [2024, 2025, 2026].flatMap((year) =>
      ['01-01', '01-02'].map((day, index) => ({
        year,
        day: `${year}-${day}`,
        dayOfYear: index + 1,
        issued: 10,
        paid: year - 2020 + index,
        paidShare: (year - 2020 + index) * 10,
      })),
    );
    const chart = reportChartOf(reportFixture('renewal-progress', { columns: [], rows }), '');
    expect(chart?.kind).toBe('line');
    expect(chart?.categories).toEqual(['1 Jan', '2 Jan']);
    expect(chart?.series.map((series) => [series.key, series.values])).toEqual([
      ['2024', [40, 50]],
      ['2025', [50, 60]],
      ['2026', [60, 70]],
    ]);
    expect(chart?.formatValue?.(62.5)).toBe('62.5%');
  });

  it('puts joins against leavers and suspensions per month', () => {
    const report = reportFixture('growth', {
      columns: [],
      rows: [
        { month: '2026-10', joins: 5, resignations: 2, terminations: 1, suspensions: 0, net: 2 },
        { month: '2026-11', joins: 3, resignations: 0, terminations: 0, suspensions: 4, net: 3 },
      ],
      filters: { from: '2026-10-01' },
    });
    const chart = reportChartOf(report, '');
    expect(chart?.categories).toEqual(['Oct 2026', 'Nov 2026']);
    expect(chart?.series.map((series) => series.values)).toEqual([
      [5, 3],
      [3, 0],
      [0, 4],
    ]);
    expect(chart?.hrefOf({ index: 0, seriesKey: 'leavers' })).toBe(
      '/members?status=resigned,terminated&terminatedOn=2026-10-01..2026-10-31',
    );
  });

  it('draws no chart for the receivables by member, nor for an empty report', () => {
    expect(
      reportChartOf(reportFixture('receivables-by-member', { columns: [], rows: [{}] }), ''),
    ).toBeNull();
    expect(reportChartOf(reportFixture('growth', { columns: [], rows: [] }), '')).toBeNull();
  });
});

describe('the totals of a report', () => {
  it('adds up money per currency, and the CHF equivalents across currencies', () => {
    const totals = reportTotalsOf(ageingFixture);
    expect(totals.map((total) => total.label)).toEqual(['Total CHF', 'Total EUR', 'Total in CHF']);
    expect(totals[0]?.row).toMatchObject({ invoices: 7, amountMinor: 67550, chfMinor: 67550 });
    expect(totals[1]?.row).toMatchObject({ invoices: 2, amountMinor: 15000, chfMinor: 14100 });
    expect(totals[2]?.row).toEqual({ chfMinor: 81650 });
  });

  it('adds nothing up where a sum means nothing (members at year ends)', () => {
    const report = reportFixture('membership-by-region', {
      columns: [{ key: 'members', label: 'Members', type: 'integer' }],
      rows: [{ members: 1 }],
    });
    expect(reportTotalsOf(report)).toEqual([]);
  });
});
