import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The keys every server instance shares, by their name in `server_secrets`. */
export type ServerSecretName = 'search-keys' | 'outbox-secrets';

// Every instance uses the same key, kept in the database: the first to need it creates it
// (256 random bits). Read once per process and database.
const secrets = new WeakMap<Kysely<Database>, Map<ServerSecretName, Promise<Buffer>>>();

export function getServerSecret(db: Kysely<Database>, name: ServerSecretName): Promise<Buffer> {
  let byName = secrets.get(db);
  if (!byName) {
    byName = new Map();
    secrets.set(db, byName);
  }
  let secret = byName.get(name);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('server_secrets')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })();
    const cache = byName;
    secret.catch(() => cache.delete(name));
    byName.set(name, secret);
  }
  return secret;
}
