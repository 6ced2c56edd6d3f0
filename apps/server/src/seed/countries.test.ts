import { describe, expect, it } from 'vitest';
import { buildCountryRows } from './countries';
import { countryStyles } from './country-styles';

const regions = ['africa-middle-east', 'americas', 'asia-pacific', 'europe'];

describe('buildCountryRows', () => {
  const rows = buildCountryRows();
  const byIso2 = new Map(rows.map((row) => [row.iso2, row]));

  it('holds about 250 ISO 3166 countries, each once, with valid codes and a federation region', () => {
    expect(rows.length).toBeGreaterThanOrEqual(240);
    expect(rows.length).toBeLessThanOrEqual(250);
    expect(byIso2.size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.iso3)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.iso2).toMatch(/^[A-Z]{2}$/);
      expect(row.iso3).toMatch(/^[A-Z]{3}$/);
      expect(regions).toContain(row.region);
      expect(row.name.length).toBeGreaterThan(0);
      expect(row.officialName.length).toBeGreaterThan(0);
      expect(row.incomeGroup).toBeNull();
    }
  });

  it.each([
    ['CH', 'europe'],
    ['DE', 'europe'],
    ['TR', 'europe'],
    ['CY', 'europe'],
    ['GE', 'europe'],
    ['AM', 'europe'],
    ['AZ', 'europe'],
    ['RU', 'europe'],
    ['AE', 'africa-middle-east'],
    ['SA', 'africa-middle-east'],
    ['IL', 'africa-middle-east'],
    ['IR', 'africa-middle-east'],
    ['YE', 'africa-middle-east'],
    ['EG', 'africa-middle-east'],
    ['ZA', 'africa-middle-east'],
    ['BR', 'americas'],
    ['US', 'americas'],
    ['GS', 'americas'],
    ['SG', 'asia-pacific'],
    ['CN', 'asia-pacific'],
    ['KZ', 'asia-pacific'],
    ['PK', 'asia-pacific'],
    ['AU', 'asia-pacific'],
    ['FJ', 'asia-pacific'],
  ])('puts %s in %s', (iso2, region) => {
    expect(byIso2.get(iso2)?.region).toBe(region);
  });

  it('skips Antarctica and Bouvet Island, which have no sensible region', () => {
    expect(byIso2.has('AQ')).toBe(false);
    expect(byIso2.has('BV')).toBe(false);
  });

  it('takes the first listed currency as the default', () => {
    expect(byIso2.get('CH')?.defaultCurrency).toBe('CHF');
    expect(byIso2.get('DE')?.defaultCurrency).toBe('EUR');
    expect(byIso2.get('US')?.defaultCurrency).toBe('USD');
    expect(byIso2.get('CH')?.name).toBe('Switzerland');
    expect(byIso2.get('CH')?.officialName).toBe('Swiss Confederation');
  });

  it('has a row for every country the demo members come from', () => {
    for (const iso2 of Object.keys(countryStyles)) expect(byIso2.has(iso2), iso2).toBe(true);
  });
});
