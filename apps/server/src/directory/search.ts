import { directoryPageSize, type TDirectoryPage, type TDirectoryQuery } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema';
import { badInput } from '../errors';
import { searchDocuments } from '../search';
import { fieldsOf, listingRows, toListing } from './listing';

/**
 * How many of the engine's best hits a search looks through for listed members: the first
 * ten pages of a name search, and what keeps a typo search within the directory's budget.
 */
const searchedHits = 200;

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
 * The entries the public sees: listed by the member, the member active and not hidden by staff
 * (the one rule, for the search and its country filter alike).
 */
export function publicEntries(db: Kysely<Database>) {
  return db
    .selectFrom('member_directory_entries as e')
    .innerJoin('members as m', 'm.mid', 'e.member_mid')
    .where('e.listed', '=', true)
    .where('m.status', '=', 'active')
    .where('m.directory_visible', '=', true)
    .where('m.deleted_at', 'is', null);
}

/**
 * `GET /api/directory` on the portal, for anyone: the opted-in, active members by name (the
 * palette's typo-tolerant engine), country, region and category, 20 per page. Only what each
 * entry shows leaves; no e-mail address ever. Without words, the listed members by name (keyset);
 * with words, the engine's ranking, its member hits kept when listed (among its best 200).
 */
export async function searchDirectory(
  db: Kysely<Database>,
  pool: pg.Pool,
  query: TDirectoryQuery,
  publicUrl: string,
): Promise<TDirectoryPage> {
  const q = query.q?.trim() ?? '';
  const cursor = decodeCursor(query.cursor, q !== '');
  // Which members, cheaply (no certificate, no country name): the listed ones that match.
  let matching = publicEntries(db).select(['m.mid', 'm.legal_name']);
  if (query.country) matching = matching.where('m.country_iso2', '=', query.country);
  const region = query.region;
  if (region) {
    matching = matching.where('m.country_iso2', 'in', (countries) =>
      countries.selectFrom('countries').select('iso2').where('region', '=', region),
    );
  }
  if (query.category) matching = matching.where('m.category', '=', query.category);

  // Then what they show, for the page's 20 only.
  const page = async (mids: string[]) => {
    if (mids.length === 0) return [];
    const rows = await listingRows(db, { publicOnly: true })
      .where('m.mid', '=', sql<string>`ANY(${mids}::text[])`)
      .execute();
    const byMid = new Map(rows.map((row) => [row.mid, row]));
    return mids.flatMap((mid) => {
      const row = byMid.get(mid);
      return row ? [toListing(row, publicUrl, fieldsOf(row.fields ?? []))] : [];
    });
  };

  if (q === '') {
    const after = cursor && 'name' in cursor ? cursor : null;
    const found = await matching
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
      items: await page(items.map((row) => row.mid)),
      nextCursor:
        found.length > directoryPageSize && last
          ? encodeCursor({ name: last.legal_name, mid: last.mid })
          : null,
    };
  }

  const { hits } = await searchDocuments(pool, { q, limit: searchedHits, offset: 0 });
  const ranked = hits.filter((hit) => hit.type === 'member').map((hit) => hit.recordId);
  if (ranked.length === 0) return { items: [], nextCursor: null };
  const listed = new Set(
    (await matching.where('m.mid', '=', sql<string>`ANY(${ranked}::text[])`).execute()).map(
      (row) => row.mid,
    ),
  );
  const found = ranked.filter((mid) => listed.has(mid));
  const offset = cursor && 'offset' in cursor ? cursor.offset : 0;
  return {
    items: await page(found.slice(offset, offset + directoryPageSize)),
    nextCursor:
      found.length > offset + directoryPageSize
        ? encodeCursor({ offset: offset + directoryPageSize })
        : null,
  };
}
