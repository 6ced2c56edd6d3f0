import type pg from 'pg';
import worldCountries from 'world-countries';
import type { IncomeGroup, Region } from '../db/schema';

/** A row of the countries reference table as loaded at every start. */
export type CountryRow = {
  iso2: string;
  iso3: string;
  name: string;
  officialName: string;
  region: Region;
  /** world-countries carries no World Bank income group; operators fill it in. */
  incomeGroup: IncomeGroup | null;
  defaultCurrency: string | null;
};

/**
 * The federation's four regions from the UN geoscheme that world-countries uses:
 * - Africa, and the Middle East: Western Asia plus Iran (which the UN files under Southern Asia),
 *   go to africa-middle-east; the Caucasus (Georgia, Armenia, Azerbaijan) and Turkey, Western Asia
 *   in the UN scheme, sit with their neighbours in europe (Cyprus already is Europe in the data).
 * - Americas to americas, Europe to europe, the rest of Asia and Oceania to asia-pacific.
 * - The Antarctic entries go where they are administered and supplied from: South Georgia (with the
 *   Falklands) to americas, Heard and McDonald Islands (Australian) to asia-pacific, the French
 *   Southern and Antarctic Lands (administered from Réunion) to africa-middle-east. Antarctica
 *   itself and Bouvet Island have no population, no trade and no sensible region: skipped.
 */
const regionOverrides: Readonly<Record<string, Region | null>> = {
  TR: 'europe',
  GE: 'europe',
  AM: 'europe',
  AZ: 'europe',
  CY: 'europe',
  IR: 'africa-middle-east',
  GS: 'americas',
  HM: 'asia-pacific',
  TF: 'africa-middle-east',
  AQ: null,
  BV: null,
};

export function regionOf(country: {
  cca2: string;
  region: string;
  subregion: string;
}): Region | null {
  const override = regionOverrides[country.cca2];
  if (override !== undefined) return override;
  switch (country.region) {
    case 'Africa':
      return 'africa-middle-east';
    case 'Americas':
      return 'americas';
    case 'Europe':
      return 'europe';
    case 'Asia':
      return country.subregion === 'Western Asia' ? 'africa-middle-east' : 'asia-pacific';
    case 'Oceania':
      return 'asia-pacific';
    default:
      return null;
  }
}

let cachedRows: readonly CountryRow[] | undefined;

/** Every ISO 3166 country of world-countries with a region, sorted by iso2. */
export function buildCountryRows(): readonly CountryRow[] {
  if (cachedRows) return cachedRows;
  const rows: CountryRow[] = [];
  for (const country of worldCountries) {
    const region = regionOf(country);
    if (!region) continue;
    rows.push({
      iso2: country.cca2,
      iso3: country.cca3,
      name: country.name.common,
      officialName: country.name.official,
      region,
      incomeGroup: null,
      defaultCurrency: Object.keys(country.currencies ?? {})[0] ?? null,
    });
  }
  rows.sort((a, b) => (a.iso2 < b.iso2 ? -1 : a.iso2 > b.iso2 ? 1 : 0));
  cachedRows = rows;
  return rows;
}

/**
 * Inserts the countries that are missing and leaves existing rows alone (operators may have
 * edited them). It runs at every start, production included, so it is one statement with seven
 * array parameters: a few milliseconds when everything is already there.
 */
export async function loadCountries(db: pg.Pool | pg.PoolClient): Promise<number> {
  const rows = buildCountryRows();
  const result = await db.query(
    `INSERT INTO countries (iso2, iso3, name, official_name, region, income_group, default_currency,
                           created_by, updated_by)
     SELECT iso2, iso3, name, official_name, region, income_group, default_currency, 'system', 'system'
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
            AS t (iso2, iso3, name, official_name, region, income_group, default_currency)
     ON CONFLICT (iso2) DO NOTHING`,
    [
      rows.map((row) => row.iso2),
      rows.map((row) => row.iso3),
      rows.map((row) => row.name),
      rows.map((row) => row.officialName),
      rows.map((row) => row.region),
      rows.map((row) => row.incomeGroup),
      rows.map((row) => row.defaultCurrency),
    ],
  );
  return result.rowCount ?? 0;
}
