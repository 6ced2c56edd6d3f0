import type {
  DirectoryField,
  DirectoryService,
  TDirectoryEntry,
  TDirectoryEntryUpdate,
  TDirectoryListing,
} from '@ops/contract/directory';
import { directoryFieldValues, directoryServiceValues } from '../directory/labels';

/**
 * The directory entry form's choices (issue 35): listed or not, the fields shown besides the
 * name, the services; each list in the contract's order, as the directory shows them.
 */
export type EntryChoice = {
  listed: boolean;
  fields: DirectoryField[];
  services: DirectoryService[];
};

const inOrder = <T extends string>(order: readonly T[], chosen: readonly T[]): T[] =>
  order.filter((value) => chosen.includes(value));

export const choiceOf = (entry: TDirectoryEntry): EntryChoice => ({
  listed: entry.listed,
  fields: inOrder(directoryFieldValues, entry.fields),
  services: inOrder(directoryServiceValues, entry.services),
});

/** The list with `value` ticked (`on`) or not, in the contract's order. */
export function toggled<T extends string>(
  order: readonly T[],
  chosen: readonly T[],
  value: T,
  on: boolean,
): T[] {
  return order.filter((each) => (each === value ? on : chosen.includes(each)));
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export const isSameChoice = (a: EntryChoice, b: EntryChoice) =>
  a.listed === b.listed && sameList(a.fields, b.fields) && sameList(a.services, b.services);

/**
 * What Save sends (`PUT /api/directory-entry`): every choice, and the version read; none while
 * the version is 0, the member having no entry yet (the server then makes it).
 */
export function entryUpdateOf(choice: EntryChoice, version: number): TDirectoryEntryUpdate {
  return {
    listed: choice.listed,
    fields: [...choice.fields],
    services: [...choice.services],
    ...(version > 0 ? { version } : {}),
  };
}

/**
 * The choices after the entry was read again (the live events, or after saving): a box the
 * person left as it was follows the entry; one they ticked or unticked keeps their choice.
 */
export function mergedChoice(
  choice: EntryChoice,
  before: EntryChoice,
  after: EntryChoice,
): EntryChoice {
  const merged = <T extends string>(order: readonly T[], pick: (of: EntryChoice) => T[]) =>
    order.filter((value) =>
      pick(choice).includes(value) === pick(before).includes(value)
        ? pick(after).includes(value)
        : pick(choice).includes(value),
    );
  return {
    listed: choice.listed === before.listed ? after.listed : choice.listed,
    fields: merged(directoryFieldValues, (of) => of.fields),
    services: merged(directoryServiceValues, (of) => of.services),
  };
}

/**
 * The entry as the public directory would show it with these choices: the server's preview (of
 * the fields saved) with the fields not ticked hidden, and the services ticked.
 */
export function previewOf(entry: TDirectoryEntry, choice: EntryChoice): TDirectoryListing {
  const { preview } = entry;
  const shows = (field: DirectoryField) => choice.fields.includes(field);
  return {
    ...preview,
    city: shows('city') ? preview.city : null,
    countryIso2: shows('country') ? preview.countryIso2 : null,
    countryName: shows('country') ? preview.countryName : null,
    website: shows('website') ? preview.website : null,
    phone: shows('phone') ? preview.phone : null,
    services: shows('services') ? [...choice.services] : [],
  };
}

/** What the preview cannot show of the fields ticked, and why. */
export type PreviewGaps = {
  /** Ticked, not among the fields saved: the server sends their value once saved. */
  afterSave: DirectoryField[];
  /** Saved, but the company data has none: nothing shows. */
  missing: DirectoryField[];
  /** Services ticked, none chosen. */
  noServices: boolean;
};

export function previewGapsOf(entry: TDirectoryEntry, choice: EntryChoice): PreviewGaps {
  const { preview } = entry;
  const values: Record<Exclude<DirectoryField, 'services'>, string | null> = {
    city: preview.city,
    country: preview.countryIso2 ?? preview.countryName,
    website: preview.website,
    phone: preview.phone,
  };
  const gaps: PreviewGaps = { afterSave: [], missing: [], noServices: false };
  for (const field of choice.fields) {
    if (field === 'services') {
      gaps.noServices = choice.services.length === 0;
    } else if (!entry.fields.includes(field)) {
      gaps.afterSave.push(field);
    } else if (!values[field]) {
      gaps.missing.push(field);
    }
  }
  return gaps;
}
