/**
 * The exchange rates' public surface (issue 18).
 */

// The CHF equivalents: the reports convert their amounts with the rates read once per request.
export { loadChfRates, type ChfEquivalent, type ChfRates } from './chf-rates';
// `ops exchange-rates import` and `list` (the CLI) run the same services as the API.
export { importExchangeRates } from './import-csv';
export { listExchangeRates } from './list-rates';
