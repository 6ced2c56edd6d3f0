/**
 * The contract's values without zod: constants, the role table, enumerations and list
 * definitions. Browser code on the sign-in path (and anything that wants values, not schemas)
 * imports `@ops/contract/values` instead of mirroring them; a test keeps this module zod-free.
 */
export * from './constants';
export * from './permissions';
export * from './enumerations';
export * from './list-definition';
export * from './error-rules';
export * from './lists/index';
