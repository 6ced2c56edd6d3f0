import {
  directoryPageSize,
  type TDirectoryListing,
  type TDirectoryPage,
  type TDirectoryQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema';
import { badInput } from '../errors';
import { searchDocuments } from '../search';
import { fieldsOf, listingRows, toListing, type ListingRow } from './listing';

/** How many of the engine's member hits a search looks through for listed ones. */
const searchedHits = 1_000;

type Cursor = { offset: number } | { name: string; mid: string };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string | undefined, withQuery: boolean): Cursor | null {
  if (text === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (withQuery && typeof value === 'object' && value && 'offset' in value) {
      const offset = Number((value as { offset: unknown }).offset);
      if (Number.isInteger(offset) && offset > 0 && offset < searchedHits) return { offset };
    }
    if (!withQuery && typeof value === 'object' && value && 'name' in value && 'mid' in value) {
      const { name, mid } = value as { name: unknown; mid: unknown };
      if (typeof name === 'string' && typeof mid === 'string') return { name, mid };
    }
  } catch {
    // Not a cursor of ours: the 400 below.
  }
  throw badInput('query.cursor', 'invalid_value', 'Not the cursor of a page before.');
}

/**
 * `GET /api/directory` on the portal, for anyone: the opted-in, active members by name (the
 * palette's typo-tolerant engine), country, region and category, 20 per page. Only what each
 * entry shows leaves; no e-mail address ever. Without words, the listed members by name (keyset);
 * with words, the engine's ranking, its member hits kept when listed (at most its first 1,000).
 */
export async function searchDirectory(
  db: Kysely<Database>,
  pool: pg.Pool,
  query: TDirectoryQuery,
  publicUrl: string,
): Promise<TDirectoryPage> {
  const q = query.q?.trim() ?? '';
  const cursor = decodeCursor(query.cursor, q !== '');
  let rows = listingRows(db, { publicOnly: true });
  if (query.country) rows = rows.where('m.country_iso2', '=', query.country);
  if (query.region) rows = rows.where('c.region', '=', query.region);
  if (query.category) rows = rows.where('m.category', '=', query.category);

  const page = (found: ListingRow[]) =>
    found.map((row): TDirectoryListing => toListing(row, publicUrl, fieldsOf(row.fields ?? [])));

  if (q === '') {
    const after = cursor && 'name' in cursor ? cursor : null;
    const found = await rows
      .$if(after !== null, (builder) =>
        builder.where(sql<boolean>`(m.legal_name, m.mid) > (${after?.name}, ${after?.mid})`),
      )
      .orderBy('m.legal_name')
      .orderBy('m.mid')
      .limit(directoryPageSize + 1)
      .execute();
    const items = found.slice(0, directoryPageSize);
    const last = items.at(-1);
    return {
      items: page(items),
      nextCursor:
        found.length > directoryPageSize && last
          ? encodeCursor({ name: last.legal_name, mid: last.mid })
          : null,
    };
  }

  const { hits } = await searchDocuments(pool, { q, limit: searchedHits, offset: 0 });
  const ranked = hits.filter((hit) => hit.type === 'member').map((hit) => hit.recordId);
  if (ranked.length === 0) return { items: [], nextCursor: null };
  const found = await rows.where('m.mid', '=', sql<string>`ANY(${ranked}::text[])`).execute();
  const position = new Map(ranked.map((mid, index) => [mid, index]));
  found.sort((a, b) => (position.get(a.mid) ?? 0) - (position.get(b.mid) ?? 0));
  const offset = cursor && 'offset' in cursor ? cursor.offset : 0;
  const items = found.slice(offset, offset + directoryPageSize);
  return {
    items: page(items),
    nextCursor:
      found.length > offset + directoryPageSize
        ? encodeCursor({ offset: offset + directoryPageSize })
        : null,
  };
}
