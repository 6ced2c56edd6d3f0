import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema, ZListQuery } from './lists';
import { listSortFields } from './list-definition';
import { countriesList } from './lists/index';
import { regions, incomeGroups, feeCategories, languages } from './enumerations';
import { languageSchema } from './languages';

export { regions, incomeGroups, feeCategories };

export type TRegion = (typeof regions)[number];

export const regionLabels: Record<TRegion, string> = {
  'africa-middle-east': 'Africa & Middle East',
  americas: 'Americas',
  'asia-pacific': 'Asia-Pacific',
  europe: 'Europe',
};

export type TIncomeGroup = (typeof incomeGroups)[number];

export const incomeGroupLabels: Record<TIncomeGroup, string> = {
  low: 'Low income',
  'lower-middle': 'Lower-middle income',
  'upper-middle': 'Upper-middle income',
  high: 'High income',
};

export type TFeeCategory = (typeof feeCategories)[number];

export const feeCategoryLabels: Record<TFeeCategory, string> = {
  A: 'A – full fee',
  B: 'B – reduced fee',
  C: 'C – low fee',
  D: 'D – lowest fee',
};

export const feeCategoryByIncomeGroup: Record<TIncomeGroup, TFeeCategory> = {
  high: 'A',
  'upper-middle': 'B',
  'lower-middle': 'C',
  low: 'D',
};

/**
 * The fee band of a country: its fee category, else its income group's, else A (full fee).
 * The admission's first invoice and the renewal run bill by it.
 */
export function feeBandOf(
  country: { fee_category: string | null; income_group: string | null } | undefined,
): TFeeCategory {
  const category = country?.fee_category;
  if (category && (feeCategories as readonly string[]).includes(category)) {
    return category as TFeeCategory;
  }
  const group = country?.income_group as keyof typeof feeCategoryByIncomeGroup | null | undefined;
  return (group && feeCategoryByIncomeGroup[group]) || 'A';
}

let currencyCodes: ReadonlySet<string> | undefined;

/** Whether a code is an ISO 4217 currency the runtime knows (Intl's list, the same in Node and browsers). */
export function isIsoCurrency(code: string): boolean {
  currencyCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return currencyCodes.has(code);
}

/** Every ISO 4217 code the runtime knows, sorted. */
export function isoCurrencies(): readonly string[] {
  return Intl.supportedValuesOf('currency');
}

/** An ISO 4217 code: three letters, uppercased, known to Intl. */
export const ZCurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'a currency is three letters, e.g. CHF')
  .refine(isIsoCurrency, 'not an ISO 4217 currency code')
  .describe('ISO 4217 currency code, e.g. CHF');

/** The columns the countries list can be sorted by. */
export const countryListSorts = listSortFields(countriesList);

export const ZAssociationRef = z
  .object({
    mid: z.string(),
    number: z.string().describe('Membership number'),
    legalName: z.string(),
  })
  .describe('The national association member of a country');
export type TAssociationRef = z.infer<typeof ZAssociationRef>;

export const ZCountryListItem = z
  .object({
    iso2: z.string().describe('ISO 3166-1 alpha-2'),
    iso3: z.string().describe('ISO 3166-1 alpha-3'),
    name: z.string(),
    region: z.enum(regions),
    incomeGroup: z.enum(incomeGroups).nullable(),
    feeCategory: z.enum(feeCategories).nullable(),
    defaultCurrency: z.string().nullable(),
    nationalAssociation: ZAssociationRef.nullable(),
    active: z.boolean(),
    memberCount: z.number().int().describe('Members of the country that are not deleted'),
    // The fields its columns declare (lists/countries.ts).
    ...listItemFields(countriesList),
  })
  .describe('A row of the countries list');
export type TCountryListItem = z.infer<typeof ZCountryListItem>;

export const ZCountriesListQuery = listQuerySchema(countriesList, {
  sort: ZListQuery.shape.sort.describe(
    `Up to 3 of ${countryListSorts.join(', ')}; "-" for descending`,
  ),
});
export type TCountriesListQuery = z.infer<typeof ZCountriesListQuery>;

export const ZCountriesListPage = listPageOf(ZCountryListItem).describe('A page of countries');
export type TCountriesListPage = z.infer<typeof ZCountriesListPage>;

export const ZCountry = ZCountryListItem.extend({
  officialName: z.string(),
  language: z
    .enum(languages)
    .describe('The preferred language its new members take (issue 17): en, fr, de or es'),
  activeMemberCount: z.number().int().describe('Members of the country whose status is active'),
  version: z.number().int().describe('Send it back with an edit (optimistic concurrency)'),
  createdAt: z.string().describe('ISO timestamp'),
  updatedAt: z.string().describe('ISO timestamp'),
  updatedBy: z.string().nullable().describe('Who changed it last: a name, an e-mail or "system"'),
}).describe('A country with everything the detail screen shows');
export type TCountry = z.infer<typeof ZCountry>;

export const ZCountryParams = z.object({
  iso2: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'two letters')
    .transform((value) => value.toUpperCase())
    .describe('ISO 3166-1 alpha-2'),
});

/** What an operator may change on a country; name and codes come from ISO 3166. */
export const ZCountryUpdate = z
  .object({
    version: z.number().int().min(1).describe('The version the edit was based on'),
    region: z.enum(regions),
    incomeGroup: z.enum(incomeGroups).nullable(),
    feeCategory: z.enum(feeCategories).nullable(),
    defaultCurrency: ZCurrencyCode.nullable(),
    nationalAssociationMid: z
      .string()
      .min(1)
      .max(40)
      .nullable()
      .describe('An active association member of this country, or null for none'),
    active: z.boolean(),
    language: languageSchema.describe(
      'The language new members of the country take (existing members keep theirs)',
    ),
  })
  .partial()
  .required({ version: true })
  .describe('The fields to change; those left out stay as they are');
export type TCountryUpdate = z.infer<typeof ZCountryUpdate>;
