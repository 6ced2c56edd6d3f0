import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Whether a country with this ISO code exists (active or not): the console's member edit and the
 * portal's change requests refuse a code that names no country, by the same look-up.
 */
export async function countryExists(
  db: Kysely<Database> | Transaction<Database>,
  iso2: string,
): Promise<boolean> {
  const country = await db
    .selectFrom('countries')
    .select('iso2')
    .where('iso2', '=', iso2)
    .executeTakeFirst();
  return country !== undefined;
}
