import type { TDirectoryCountries } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { publicEntries } from './search';

/**
 * `GET /api/directory/countries` on the portal, for anyone: the countries of the members the
 * public sees (listed, active, not hidden by staff), for the search's country filter. No
 * member's country leaves unless that member shows in the directory. By the listed entries'
 * index: thousands of rows, never the 100,000 members.
 */
export async function directoryCountries(db: Kysely<Database>): Promise<TDirectoryCountries> {
  const rows = await publicEntries(db)
    .select('m.country_iso2')
    .distinct()
    .where('m.country_iso2', 'is not', null)
    .orderBy('m.country_iso2')
    .execute();
  return { items: rows.flatMap((row) => (row.country_iso2 ? [row.country_iso2] : [])) };
}
