import { feeCategoryByIncomeGroup, type TFeeCategory, type TIncomeGroup } from '@ops/contract';

/**
 * The World Bank's income classification of economies for fiscal year 2025 (GNI per capita of
 * 2023, published July 2024), by ISO 3166 alpha-2 code. world-countries carries no income group,
 * so it lives here. Economies the World Bank does not classify separately (Réunion, Åland,
 * Anguilla, the Vatican…) or could not (Venezuela, no data since 2021) have none: operators set
 * one if the federation needs it. Operators' edits always win: the seed only fills rows the
 * system itself wrote.
 */
// prettier-ignore
const economiesByIncomeGroup: Record<TIncomeGroup, readonly string[]> = {
  low: [
    'AF', 'BF', 'BI', 'CF', 'TD', 'CD', 'ER', 'ET', 'GM', 'GW', 'KP', 'LR', 'MG', 'MW', 'ML', 'MZ',
    'NE', 'RW', 'SL', 'SO', 'SS', 'SD', 'SY', 'TG', 'UG', 'YE',
  ],
  'lower-middle': [
    'AO', 'BD', 'BJ', 'BT', 'BO', 'CV', 'KH', 'CM', 'KM', 'CG', 'CI', 'DJ', 'EG', 'SZ', 'GH', 'GN',
    'HT', 'HN', 'IN', 'JO', 'KE', 'KI', 'KG', 'LA', 'LB', 'LS', 'MR', 'FM', 'MA', 'MM', 'NP', 'NI',
    'NG', 'PK', 'PG', 'PH', 'WS', 'ST', 'SN', 'SB', 'LK', 'TJ', 'TZ', 'TL', 'TN', 'UZ', 'VU', 'VN',
    'PS', 'ZM', 'ZW',
  ],
  'upper-middle': [
    'AL', 'DZ', 'AR', 'AM', 'AZ', 'BY', 'BZ', 'BA', 'BW', 'BR', 'CN', 'CO', 'CR', 'CU', 'DM', 'DO',
    'EC', 'SV', 'GQ', 'FJ', 'GA', 'GE', 'GD', 'GT', 'ID', 'IR', 'IQ', 'JM', 'KZ', 'XK', 'LY', 'MY',
    'MV', 'MH', 'MU', 'MX', 'MD', 'MN', 'ME', 'NA', 'MK', 'PY', 'PE', 'LC', 'VC', 'RS', 'ZA', 'SR',
    'TH', 'TO', 'TR', 'TM', 'TV', 'UA',
  ],
  high: [
    'AD', 'AG', 'AW', 'AU', 'AT', 'BS', 'BH', 'BB', 'BE', 'BM', 'VG', 'BN', 'BG', 'CA', 'KY', 'GG',
    'JE', 'CL', 'HR', 'CW', 'CY', 'CZ', 'DK', 'EE', 'FO', 'FI', 'FR', 'PF', 'DE', 'GI', 'GR', 'GL',
    'GU', 'GY', 'HK', 'HU', 'IS', 'IE', 'IM', 'IL', 'IT', 'JP', 'KR', 'KW', 'LV', 'LI', 'LT', 'LU',
    'MO', 'MT', 'MC', 'NR', 'NL', 'NC', 'NZ', 'MP', 'NO', 'OM', 'PW', 'PA', 'PL', 'PT', 'PR', 'QA',
    'RO', 'RU', 'SM', 'SA', 'SC', 'SG', 'SX', 'SK', 'SI', 'ES', 'KN', 'MF', 'SE', 'CH', 'TW', 'TT',
    'TC', 'AE', 'GB', 'US', 'UY', 'VI', 'AS',
  ],
};

const incomeGroupByIso2 = new Map<string, TIncomeGroup>(
  (Object.entries(economiesByIncomeGroup) as [TIncomeGroup, readonly string[]][]).flatMap(
    ([group, codes]) => codes.map((iso2) => [iso2, group] as const),
  ),
);

/** The World Bank income group of a country, or null when the World Bank gives none. */
export function incomeGroupOf(iso2: string): TIncomeGroup | null {
  return incomeGroupByIso2.get(iso2) ?? null;
}

/** The fee category a country starts in: its income group's band. */
export function initialFeeCategoryOf(iso2: string): TFeeCategory | null {
  const group = incomeGroupOf(iso2);
  return group ? feeCategoryByIncomeGroup[group] : null;
}

/**
 * Default currencies where world-countries' first currency is not an ISO 4217 code or is
 * missing: the Cook Islands dollar circulates at par with the New Zealand dollar (ISO: NZD);
 * Micronesia uses the US dollar; Heard and McDonald Islands are Australian.
 */
export const currencyOverrides: Readonly<Record<string, string>> = {
  CK: 'NZD',
  FM: 'USD',
  HM: 'AUD',
};

export function defaultCurrencyOf(iso2: string, fromPackage: string | null): string | null {
  return currencyOverrides[iso2] ?? fromPackage;
}

/** Every code of the classification, for tests. */
export const classifiedEconomies: readonly string[] = [...incomeGroupByIso2.keys()];
