import { filterSyntax, listLimits } from '@ops/contract';
import type { ListColumnDefinition, ListColumnReference } from '@ops/contract/list-definition';
import {
  savedViewLists,
  type SavedViewListName,
  type TSavedViewDroppedPart,
} from '@ops/contract/saved-views';
import { badInput } from '../errors';

/**
 * A saved view's `params`, the list's URL query without "?", read against the contract's
 * definition of its list (`savedViewLists[list].list`): checked when a view is saved (a 400
 * naming `body.params`), and resolved when it is read — what no longer applies (a filter or
 * column the list lost, a sort it no longer offers, a value an enumeration dropped) is left out
 * and said in words. Filter values that name records (`references` on the column: a country, a
 * member, …) are checked by the caller, for every view of a response at once
 * (`references.ts`), and left out here afterwards (`finishResolution`).
 */

/** The parameters a view keeps besides the list's filters. */
const viewParams = ['q', 'sort', 'cols'] as const;
/** Parameters of a list's URL that are never part of a view: left out without a word. */
const transientParams: ReadonlySet<string> = new Set(['cursor', 'selected', 'limit']);
const maxQueryLength = 200;
const maxFilterLength = 500;
const maxFilterValues = 100;
const parameterName = /^[A-Za-z][A-Za-z0-9]*$/;
const wholeNumber = /^-?\d{1,9}$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

type Column = ListColumnDefinition;

/** One `name=value` of the query as stored (`raw`), and decoded (`name` null if unreadable). */
type Piece = { raw: string; name: string | null; value: string };

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function piecesOf(params: string): Piece[] {
  return params
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const at = raw.indexOf('=');
      const name = decode(at === -1 ? raw : raw.slice(0, at));
      const value = at === -1 ? '' : decode(raw.slice(at + 1));
      return value === null || name === null
        ? { raw, name: null, value: '' }
        : { raw, name, value: value.trim() };
    });
}

/** A value as the web's list state writes it: each comma-separated part encoded. */
function pieceOf(name: string, values: readonly string[]): string {
  return `${encodeURIComponent(name)}=${values.map((value) => encodeURIComponent(value)).join(',')}`;
}

/** `memberCountry` → "member country": a parameter or column id as words. */
function wordsOf(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function definitionOf(list: SavedViewListName) {
  const columns: Readonly<Record<string, Column>> = savedViewLists[list].list.columns;
  return {
    columns,
    isFilter: (name: string) => columns[name]?.filter === true,
    isSort: (name: string) => columns[name]?.sort === true,
    isColumn: (name: string) => Object.hasOwn(columns, name),
  };
}

/** `-joinedOn,status` → the field names, without their direction. */
function sortFieldOf(part: string): string {
  return part.startsWith('-') ? part.slice(1) : part;
}

/** The values a filter names: one of `a,b`, both ends of `from..to`, none for `(empty)`. */
function filterValuesOf(raw: string): { values: string[]; isRange: boolean } {
  if (raw === filterSyntax.empty) return { values: [], isRange: false };
  if (raw.includes(filterSyntax.range)) {
    return { values: raw.split(filterSyntax.range).filter((end) => end !== ''), isRange: true };
  }
  return { values: raw.split(filterSyntax.separator).map((part) => part.trim()), isRange: false };
}

// --- Saving: the view must be one the list takes -------------------------------------------

function refuse(rule: 'unrecognized_keys' | 'invalid_value' | 'too_big', message: string): never {
  throw badInput('body.params', rule, message);
}

function checkFilterValue(name: string, column: Column, value: string): void {
  if (value === '') refuse('invalid_value', `The ${wordsOf(name)} filter has an empty value.`);
  if (column.values && !column.values.includes(value)) {
    refuse(
      'invalid_value',
      `"${value}" is not a value of the ${wordsOf(name)} filter; use one of ${column.values.join(', ')}.`,
    );
  }
  if (column.type === 'integer' && !wholeNumber.test(value)) {
    refuse('invalid_value', `The ${wordsOf(name)} filter takes whole numbers, not "${value}".`);
  }
  if (column.type === 'date' && !isoDate.test(value)) {
    refuse(
      'invalid_value',
      `The ${wordsOf(name)} filter takes dates (YYYY-MM-DD), not "${value}".`,
    );
  }
}

/**
 * The params of a view being saved, checked against its list: only `q`, `sort`, `cols` and the
 * list's filters, each at most once, sorts the list offers, columns it has, values its
 * enumerations take. `cursor` and `selected` (a page, a selection) are never part of a view:
 * they are left out, as are empty parameters. Returns what is stored.
 */
export function checkSavedParams(list: SavedViewListName, params: string): string {
  const definition = definitionOf(list);
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const piece of piecesOf(params)) {
    const { name, value } = piece;
    if (name === null) refuse('invalid_value', `"${piece.raw}" cannot be read (bad % escape).`);
    if (transientParams.has(name) || value === '') continue;
    if (seen.has(name)) refuse('invalid_value', `"${name}" is given twice.`);
    seen.add(name);
    if (name === 'q') {
      if (value.length > maxQueryLength) {
        refuse('too_big', `The search has at most ${maxQueryLength} characters.`);
      }
    } else if (name === 'sort') {
      const fields = value.split(',');
      if (fields.length > listLimits.maxSortFields) {
        refuse('too_big', `A view sorts by at most ${listLimits.maxSortFields} fields.`);
      }
      for (const field of fields.map(sortFieldOf)) {
        if (!definition.isSort(field)) {
          refuse('invalid_value', `The ${list} list cannot be sorted by "${field}".`);
        }
      }
    } else if (name === 'cols') {
      for (const id of value.split(',')) {
        if (!definition.isColumn(id)) {
          refuse('invalid_value', `The ${list} list has no column "${id}".`);
        }
      }
    } else if (definition.isFilter(name)) {
      const column = definition.columns[name] as Column;
      if (value.length > maxFilterLength) {
        refuse('too_big', `The ${wordsOf(name)} filter has at most ${maxFilterLength} characters.`);
      }
      const { values } = filterValuesOf(value);
      if (values.length > maxFilterValues) {
        refuse('too_big', `The ${wordsOf(name)} filter names at most ${maxFilterValues} values.`);
      }
      for (const one of values) checkFilterValue(name, column, one);
    } else {
      refuse(
        'unrecognized_keys',
        `"${name}" is not part of a view of the ${list} list: a view keeps ${viewParams.join(', ')} and the list's filters.`,
      );
    }
    kept.push(piece.raw);
  }
  return kept.join('&');
}

// --- Reading: leave out what no longer applies ---------------------------------------------

/** A filter whose values name records, waiting for the check of those records. */
export type PendingFilter = {
  name: string;
  reference: ListColumnReference;
  raw: string;
  values: string[];
};

type ResolvedPart =
  | { kind: 'kept'; name: string; text: string; dropped: TSavedViewDroppedPart[] }
  | { kind: 'pending'; filter: PendingFilter };

/** A view's params read against its list, before its records are checked. */
export type Resolution = { parts: ResolvedPart[] };

function dropped(
  part: TSavedViewDroppedPart['part'],
  name: string,
  value: string | null,
  message: string,
): TSavedViewDroppedPart {
  return { part, name, value, message };
}

/** A part kept as `text` ('' when all of it was left out), with what was left out of it. */
function kept(name: string, text: string, drops: TSavedViewDroppedPart[] = []): ResolvedPart {
  return { kind: 'kept', name, text, dropped: drops };
}

/** A list of fields or ids (`sort`, `cols`) with those that no longer apply left out. */
function resolveFieldList(
  name: 'sort' | 'cols',
  value: string,
  applies: (part: string) => boolean,
  message: (part: string) => string,
): ResolvedPart {
  const parts = value.split(',').filter((part) => part !== '');
  const still = parts.filter(applies);
  const drops = parts
    .filter((part) => !applies(part))
    .map((part) => dropped(name === 'sort' ? 'sort' : 'column', name, part, message(part)));
  return kept(name, still.length === 0 ? '' : `${name}=${still.join(',')}`, drops);
}

function resolveFilter(name: string, column: Column, piece: Piece): ResolvedPart {
  const { values, isRange } = filterValuesOf(piece.value);
  const words = wordsOf(name);
  if (column.values) {
    const gone = values.filter((value) => !column.values?.includes(value));
    const drops = gone.map((value) =>
      dropped(
        'filter-value',
        name,
        value,
        `${capitalized(words)} "${value}" no longer exists; the ${words} filter left it out.`,
      ),
    );
    if (gone.length === 0) return kept(name, piece.raw);
    // A range with an end that no longer exists is no range at all.
    const still = isRange ? [] : values.filter((value) => !gone.includes(value));
    return kept(name, still.length === 0 ? '' : pieceOf(name, still), drops);
  }
  if (column.references && !isRange && values.length > 0) {
    return {
      kind: 'pending',
      filter: { name, reference: column.references, raw: piece.raw, values },
    };
  }
  return kept(name, piece.raw);
}

/**
 * A view's params read against its list as it is now: `cursor` and `selected` left out without
 * a word; a filter, sort field, column or enumeration value the list no longer has left out and
 * said (`dropped`). Filters naming records are left for `finishResolution`.
 */
export function resolveParams(list: SavedViewListName, params: string): Resolution {
  const definition = definitionOf(list);
  const parts: ResolvedPart[] = [];
  const seen = new Set<string>();
  for (const piece of piecesOf(params)) {
    const { name } = piece;
    if (name === null || !parameterName.test(name)) {
      parts.push(
        kept(name ?? piece.raw, '', [
          dropped(
            'parameter',
            name ?? piece.raw,
            null,
            `The part "${piece.raw.slice(0, 60)}" of the view cannot be read; the view opens without it.`,
          ),
        ]),
      );
      continue;
    }
    // Never part of a view; a parameter given twice counts once, as the list reads it.
    if (transientParams.has(name) || seen.has(name) || piece.value === '') continue;
    seen.add(name);
    if (name === 'q') {
      parts.push(kept(name, piece.raw));
    } else if (name === 'sort') {
      parts.push(
        resolveFieldList(
          'sort',
          piece.value,
          (part) => definition.isSort(sortFieldOf(part)),
          (part) =>
            `The list no longer sorts by "${capitalized(wordsOf(sortFieldOf(part)))}"; the view's sort left it out.`,
        ),
      );
    } else if (name === 'cols') {
      parts.push(
        resolveFieldList(
          'cols',
          piece.value,
          definition.isColumn,
          (part) => `The column "${capitalized(wordsOf(part))}" no longer exists.`,
        ),
      );
    } else if (definition.isFilter(name)) {
      parts.push(resolveFilter(name, definition.columns[name] as Column, piece));
    } else {
      const label = capitalized(wordsOf(name));
      parts.push(
        kept(name, '', [
          dropped(
            'filter',
            name,
            null,
            definition.isColumn(name)
              ? `The list no longer filters by "${label}"; the view opens without that filter.`
              : `The filter "${label}" no longer exists; the view opens without it.`,
          ),
        ]),
      );
    }
  }
  return { parts };
}

/** The records a resolution's filters name, by kind (to check them all at once). */
export function referencesOf(resolution: Resolution): PendingFilter[] {
  return resolution.parts.flatMap((part) => (part.kind === 'pending' ? [part.filter] : []));
}

/** How a message names a record that no longer exists: `Country "YU"`. */
const referenceNouns: Record<ListColumnReference, string> = {
  country: 'Country',
  member: 'Member',
  'bank-account': 'Bank account',
  operator: 'Operator',
  user: 'User',
};

/**
 * What a record check found: for a value naming a record that no longer exists, how a person
 * knows it (`"YU"`, or a deleted member's number and name); undefined while it exists.
 */
export type MissingRecord = (reference: ListColumnReference, id: string) => string | undefined;

/** What opens: the view's params without the parts that no longer apply, and what those were. */
export type ResolvedParams = {
  openParams: string;
  listParams: string;
  dropped: TSavedViewDroppedPart[];
};

/** The resolution finished with the records' check: values naming missing records left out. */
export function finishResolution(resolution: Resolution, missing: MissingRecord): ResolvedParams {
  const texts: { name: string; text: string }[] = [];
  const drops: TSavedViewDroppedPart[] = [];
  for (const part of resolution.parts) {
    if (part.kind === 'kept') {
      if (part.text !== '') texts.push({ name: part.name, text: part.text });
      drops.push(...part.dropped);
      continue;
    }
    const { name, reference, raw, values } = part.filter;
    const words = wordsOf(name);
    const still: string[] = [];
    for (const value of values) {
      const gone = value === filterSyntax.empty ? undefined : missing(reference, value);
      if (gone === undefined) {
        still.push(value);
      } else {
        drops.push(
          dropped(
            'filter-value',
            name,
            value,
            `${referenceNouns[reference]} ${gone} no longer exists; the ${words} filter left it out.`,
          ),
        );
      }
    }
    if (still.length === values.length) texts.push({ name, text: raw });
    else if (still.length > 0) texts.push({ name, text: pieceOf(name, still) });
  }
  const openParams = texts.map((part) => part.text).join('&');
  const listParams = texts
    .filter((part) => part.name !== 'cols')
    .map((part) => part.text)
    .join('&');
  return { openParams, listParams, dropped: drops };
}
