// Copies of contract values the palette needs; browser code imports only types from
// @ops/contract (see lib/api-client.ts). constants.test.ts checks them against the contract.

/** Spec §9: the palette fades in over 300 ms and out over 200 ms (the CSS uses the same). */
export const paletteTransitionInMs = 300;
export const paletteTransitionOutMs = 200;

/** Hits the palette shows: the service's default page, enough to choose from. */
export const paletteHitLimit = 20;

/** Longest query the search service accepts. */
export const maxSearchQueryLength = 200;

/** A burst of keystrokes becomes one search after this much quiet (see useDebouncedValue). */
export const searchDebounceMs = 70;
