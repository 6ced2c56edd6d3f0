import { z } from 'zod';
import {
  savedViewListNames,
  savedViewNameMaxLength,
  savedViewParamsMaxLength,
} from './saved-view-lists';

export * from './saved-view-lists';

/**
 * Saved views (issue 19): a list's search, filters, sort and columns kept under a name, personal
 * or shared with every operator, one of them the operator's default for its list. Stored on the
 * server, audited (`saved_views` in the audit log), and on the change feed, so a shared view
 * edited by one operator changes in every open console.
 */

const ZIsoTime = z.string().describe('ISO 8601 time (UTC)');

export const ZSavedViewListName = z
  .enum(savedViewListNames)
  .describe('The list the view belongs to, e.g. "members"');

export const ZSavedViewName = z
  .string()
  .trim()
  .min(1, 'give the view a name')
  .max(savedViewNameMaxLength)
  .describe('What the view is called in the sidebar and the views menu');

export const ZSavedViewParams = z
  .string()
  .max(savedViewParamsMaxLength)
  .refine((value) => !value.startsWith('?'), 'without the leading "?"')
  .describe(
    'The view as the list\'s URL carries it, without "?": q, sort, one parameter per filter and cols (the columns shown); never cursor or selected',
  );

/** Which part of a stored view no longer applies, and was left out when it opened. */
export const savedViewDroppedParts = [
  'filter',
  'filter-value',
  'sort',
  'column',
  'parameter',
] as const;

export const ZSavedViewDroppedPart = z
  .object({
    part: z.enum(savedViewDroppedParts),
    name: z.string().describe('The parameter, e.g. "country", "sort", "cols"'),
    value: z
      .string()
      .nullable()
      .describe('The value that was dropped; null for the whole parameter'),
    message: z
      .string()
      .describe(
        'What was dropped and why, as the notice says it: \'Country "YU" no longer exists; the country filter left it out.\'',
      ),
  })
  .describe('A part of the view that names something that no longer exists');
export type TSavedViewDroppedPart = z.infer<typeof ZSavedViewDroppedPart>;

export const ZSavedViewOwner = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
});

export const ZSavedView = z
  .object({
    id: z.string(),
    list: ZSavedViewListName,
    name: z.string(),
    isShared: z.boolean().describe('Every operator sees it; otherwise only its owner'),
    isDefault: z.boolean().describe("The caller's default view of its list"),
    params: z.string().describe('The view as saved (URL query without "?")'),
    openParams: z
      .string()
      .describe('What opens: the saved view without its dropped parts (URL query, with cols)'),
    listParams: z
      .string()
      .describe(
        "What the list API takes for it: openParams without cols (the sidebar's count asks the list API with these and limit=1)",
      ),
    dropped: z.array(ZSavedViewDroppedPart).describe('Parts left out because they no longer apply'),
    owner: ZSavedViewOwner,
    isOwn: z.boolean(),
    canEdit: z
      .boolean()
      .describe('The caller may rename, update and delete it (own, or an admin on a shared view)'),
    version: z.number().int().describe('Send it back with a change (optimistic concurrency)'),
    createdAt: ZIsoTime,
    updatedAt: ZIsoTime,
  })
  .describe('A saved view of a list');
export type TSavedView = z.infer<typeof ZSavedView>;

export const ZSavedViewsQuery = z.object({
  list: ZSavedViewListName.optional().describe(
    'Only the views of this list; all lists when absent',
  ),
});
export type TSavedViewsQuery = z.infer<typeof ZSavedViewsQuery>;

export const ZSavedViews = z
  .object({
    views: z
      .array(ZSavedView)
      .describe("The caller's own views and every shared view, by list then name"),
  })
  .describe('The saved views the caller sees');
export type TSavedViews = z.infer<typeof ZSavedViews>;

export const ZSavedViewParamsPath = z.object({ id: z.string().min(1).max(64) });

export const ZCreateSavedViewRequest = z.object({
  list: ZSavedViewListName,
  name: ZSavedViewName,
  params: ZSavedViewParams,
  isShared: z.boolean().default(false).describe('Share with every operator (needs views.share)'),
  isDefault: z.boolean().default(false).describe("Make it the caller's default view of the list"),
});
export type TCreateSavedViewRequest = z.input<typeof ZCreateSavedViewRequest>;

export const ZUpdateSavedViewRequest = z
  .object({
    version: z.number().int().min(1),
    name: ZSavedViewName.optional(),
    params: ZSavedViewParams.optional().describe('Update the view with the current state'),
    isShared: z.boolean().optional(),
  })
  .describe('Rename, update with the current state, or share / unshare');
export type TUpdateSavedViewRequest = z.infer<typeof ZUpdateSavedViewRequest>;

export const ZDeleteSavedViewQuery = z.object({
  version: z.coerce.number().int().min(1).describe('The version the person read'),
});

export const ZSavedViewDefaultParams = z.object({ list: ZSavedViewListName });
export const ZSetSavedViewDefaultRequest = z.object({
  viewId: z
    .string()
    .min(1)
    .max(64)
    .nullable()
    .describe(
      "The view that opens when the list is opened without a view of its own; null for the list's own default",
    ),
});
export type TSetSavedViewDefaultRequest = z.infer<typeof ZSetSavedViewDefaultRequest>;
export const ZSavedViewDefault = z.object({
  list: ZSavedViewListName,
  viewId: z.string().nullable(),
});
export type TSavedViewDefault = z.infer<typeof ZSavedViewDefault>;
