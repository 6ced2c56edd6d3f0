/**
 * The operator's list preferences without zod (issue 19): what the console's shell needs on
 * every screen, the sign-in screen's included, whose budget cannot pay for the schemas
 * (`preferences.ts` holds them and re-exports these).
 */

export const listDensities = ['comfortable', 'compact'] as const;
export type ListDensity = (typeof listDensities)[number];

/** Row height of each density, in CSS pixels (the virtualized table's fixed row height). */
export const listRowHeights: Record<ListDensity, number> = { comfortable: 40, compact: 32 };

/** The list's share of the width when a record is open beside it, in percent. */
export const listSplitPercentRange = { min: 25, max: 75, default: 50 } as const;

/** One operator's preferences, as `ZOperatorPreferences` parses them. */
export type OperatorPreferenceValues = {
  density: ListDensity;
  splitPercent: number;
  isRecordFullWidth: boolean;
};

export const defaultOperatorPreferences: OperatorPreferenceValues = {
  density: 'comfortable',
  splitPercent: listSplitPercentRange.default,
  isRecordFullWidth: false,
};
