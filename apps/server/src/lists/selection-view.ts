import type { z } from 'zod';
import { badInput } from '../errors';

/**
 * The view a bulk selection of "every matching row" names (its `listParams`), read with the
 * list's own query schema without the page's cursor and limit; a 400 on the selection when it
 * is not a view of that list.
 */
export function parseSelectionView<View>(schema: z.ZodType<View>, listParams: string): View {
  const parsed = schema.safeParse(Object.fromEntries(new URLSearchParams(listParams)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badInput(
      'body.selection.listParams',
      'invalid_value',
      `${issue?.path.join('.') ?? 'view'}: ${issue?.message ?? 'not a view'}`,
    );
  }
  return parsed.data;
}
