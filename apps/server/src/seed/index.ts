/**
 * Seed data's public surface, for the composition roots (`server.ts`, the CLI): the country
 * reference data loaded at every start and the demo data generators.
 */
export { loadCountries } from './countries';
export { DEMO_OPERATOR_EMAIL, seedDemo } from './demo';
export { seedInvoiceHistory } from './invoice-history';
export { buildDemoBankSample, demoBankSampleExpectation, demoBankSamplePath } from './bank-sample';
export { buildBankFile } from './bank-file';
