import { z } from 'zod';
import {
  listDensities,
  listSplitPercentRange,
  type OperatorPreferenceValues,
} from './preference-values';

export * from './preference-values';

/**
 * The operator's own list preferences (issue 19), kept on the server so they follow the person
 * to any browser: the lists' density, and the split between a list and the record open beside
 * it. Written with `workspace.personal` (every role: nobody else sees them).
 */

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

// The schema and the zod-free shape the browser uses are one: a difference is a type error.
const sameShape: [TOperatorPreferences, OperatorPreferenceValues] extends [
  OperatorPreferenceValues,
  TOperatorPreferences,
]
  ? true
  : never = true;
void sameShape;

export const ZUpdateOperatorPreferencesRequest = ZOperatorPreferences.partial()
  .refine((patch) => Object.keys(patch).length > 0, 'change at least one preference')
  .describe('The preferences to change; the others stay');
export type TUpdateOperatorPreferencesRequest = z.infer<typeof ZUpdateOperatorPreferencesRequest>;
