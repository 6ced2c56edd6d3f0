import type { TDunningSettings } from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { dunningFormPathOf, dunningFormValuesOf, dunningUpdateOf } from './dunning-form';

const level = (number: number, name: string, daysAfterDue: number) => ({
  level: number,
  name,
  daysAfterDue,
  templateKind: 'dunning-reminder-1' as const,
  attachPdf: number === 2,
  suspends: number === 4,
  enabled: true,
  version: 1,
  updatedAt: '2026-11-24T06:00:00.000Z',
  updatedBy: null,
});

const settings: TDunningSettings = {
  levels: [
    level(1, 'Reminder 1', 10),
    level(2, 'Reminder 2', 30),
    level(3, 'Final notice', 60),
    level(4, 'Suspension', 90),
  ],
  minimums: [
    { currency: 'CHF', minimumMinor: 1000 },
    { currency: 'USD', minimumMinor: 2550 },
  ],
  recentPaymentDays: 14,
  version: 3,
  updatedAt: '2026-11-24T06:00:00.000Z',
  updatedBy: 'finance@example.org',
};

describe('dunningFormValuesOf', () => {
  it('gives every invoice currency a row, empty when it has no minimum', () => {
    expect(dunningFormValuesOf(settings).minimums).toEqual([
      { currency: 'CHF', amount: '10.00' },
      { currency: 'EUR', amount: '' },
      { currency: 'USD', amount: '25.50' },
    ]);
  });
});

describe('dunningUpdateOf', () => {
  it('sends the levels, the minimums typed (empty rows left out) and the version read', () => {
    const values = dunningFormValuesOf(settings);
    values.minimums[1] = { currency: 'EUR', amount: "1'000,50" };
    values.minimums[2] = { currency: 'USD', amount: ' ' };
    const checked = dunningUpdateOf(values, 3);
    expect(checked.ok && checked.update).toEqual({
      levels: settings.levels.map(
        ({ level: number, name, daysAfterDue, templateKind, attachPdf, enabled }) => ({
          level: number,
          name,
          daysAfterDue,
          templateKind,
          attachPdf,
          enabled,
        }),
      ),
      minimums: [
        { currency: 'CHF', minimumMinor: 1000 },
        { currency: 'EUR', minimumMinor: 100_050 },
      ],
      recentPaymentDays: 14,
      version: 3,
    });
    expect(checked.ok && checked.sentMinimumRows).toEqual([0, 1]);
  });

  it('puts the contract’s rules on the fields: days that do not increase, an empty name', () => {
    const values = dunningFormValuesOf(settings);
    values.levels = values.levels.map((entry, index) =>
      index === 2
        ? { ...entry, daysAfterDue: '30' }
        : index === 0
          ? { ...entry, name: '  ' }
          : entry,
    );
    const checked = dunningUpdateOf(values, 3);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.issues).toEqual([
      { path: 'levels.0.name', message: 'Name the level' },
      {
        path: 'levels.2.daysAfterDue',
        message: "Must be more than level 2's 30 days (days increase with the level)",
      },
    ]);
  });

  it('says once what cannot be read as a number, on its own field', () => {
    const values = dunningFormValuesOf(settings);
    values.levels = values.levels.map((entry, index) =>
      index === 1 ? { ...entry, daysAfterDue: '30.5' } : entry,
    );
    values.minimums[2] = { currency: 'USD', amount: '1,250' };
    values.recentPaymentDays = 'two weeks';
    const checked = dunningUpdateOf(values, 3);
    expect(!checked.ok && checked.issues.map((issue) => issue.path)).toEqual([
      'levels.1.daysAfterDue',
      'minimums.2.amount',
      'recentPaymentDays',
    ]);
  });
});

describe('dunningFormPathOf', () => {
  it('places the server’s issues on the form’s fields, the minimums by the rows sent', () => {
    expect(dunningFormPathOf('body.levels.3.daysAfterDue', [])).toBe('levels.3.daysAfterDue');
    expect(dunningFormPathOf('body.minimums.1.minimumMinor', [0, 2])).toBe('minimums.2.amount');
    expect(dunningFormPathOf('body.recentPaymentDays', [])).toBe('recentPaymentDays');
    expect(dunningFormPathOf('body.version', [])).toBeNull();
    expect(dunningFormPathOf('body.minimums.5.currency', [0])).toBeNull();
  });
});
