/**
 * The countries area's public surface: the reference data (income groups, fee categories,
 * currencies) that migration 0012 filled the settings from.
 */
export {
  classifiedEconomies,
  currencyOverrides,
  incomeGroupOf,
  initialFeeCategoryOf,
} from './reference-data';
// Member edits and change requests refuse a country code that names no country.
export { countryExists } from './country-exists';
