import { z } from 'zod';

/**
 * The operator's own list preferences (issue 19), kept on the server so they follow the person
 * to any browser: the lists' density, and the split between a list and the record open beside
 * it. Written with `workspace.personal` (every role: nobody else sees them).
 */

export const listDensities = ['comfortable', 'compact'] as const;
export type ListDensity = (typeof listDensities)[number];

/** Row height of each density, in CSS pixels (the virtualized table's fixed row height). */
export const listRowHeights: Record<ListDensity, number> = { comfortable: 40, compact: 32 };

/** The list's share of the width when a record is open beside it, in percent. */
export const listSplitPercentRange = { min: 25, max: 75, default: 50 } as const;

export const ZOperatorPreferences = z
  .object({
    density: z.enum(listDensities).describe('Row height of every list'),
    splitPercent: z
      .number()
      .int()
      .min(listSplitPercentRange.min)
      .max(listSplitPercentRange.max)
      .describe("The list's share of the width (percent) with a record open beside it"),
    isRecordFullWidth: z
      .boolean()
      .describe('A record opened from a list takes the full width (the list stays, hidden)'),
  })
  .describe("The operator's own list preferences");
export type TOperatorPreferences = z.infer<typeof ZOperatorPreferences>;

export const defaultOperatorPreferences: TOperatorPreferences = {
  density: 'comfortable',
  splitPercent: listSplitPercentRange.default,
  isRecordFullWidth: false,
};

export const ZUpdateOperatorPreferencesRequest = ZOperatorPreferences.partial()
  .refine((patch) => Object.keys(patch).length > 0, 'change at least one preference')
  .describe('The preferences to change; the others stay');
export type TUpdateOperatorPreferencesRequest = z.infer<typeof ZUpdateOperatorPreferencesRequest>;
