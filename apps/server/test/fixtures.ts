import type { OperatorRole } from '@ops/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, InvoicesTable, MembersTable } from '../src/db/schema';
import { clock } from '../src/lib/clock';
import { loadCountries } from '../src/seed/countries';
import { createTestApp, signInAsNewOperator, type TestApp } from './app';
import { apiAs } from './requests';

/**
 * A live, active individual member in Switzerland, numbered `M-<mid>` and named `Company <mid>`,
 * ready to insert; `fields` set any other column or override these.
 */
export function memberRow(mid: string, fields: Partial<Insertable<MembersTable>> = {}) {
  return {
    mid,
    number: `M-${mid}`,
    category: 'individual' as const,
    status: 'active' as const,
    legal_name: `Company ${mid}`,
    country_iso2: 'CH',
    ...fields,
  } satisfies Insertable<MembersTable>;
}

/**
 * An issued membership invoice of this year of CHF 450.00, numbered `P-<iid>`, due far ahead,
 * ready to insert; `fields` set any other column or override these.
 */
export function invoiceRow(
  iid: string,
  mid: string,
  fields: Partial<Insertable<InvoicesTable>> = {},
) {
  const year = clock.year();
  return {
    iid,
    number: `P-${iid}`,
    member_mid: mid,
    kind: 'membership' as const,
    year,
    currency: 'CHF',
    status: 'issued' as const,
    issue_date: `${year}-01-05`,
    due_date: '2999-12-31',
    total_minor: '45000',
    ...fields,
  } satisfies Insertable<InvoicesTable>;
}

/** Inserts members straight into the database, as the seed or an import would. */
export async function insertMembers(db: Kysely<Database>, rows: Insertable<MembersTable>[]) {
  await db.insertInto('members').values(rows).execute();
}

/** The uid of an account (a signed-in operator, …) by its e-mail. */
export async function uidOf(t: TestApp, email: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('users')
    .select('uid')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.uid;
}

/**
 * The operators a test file works as, each new and signed in by password, in the order given:
 * named by the local part of its e-mail (`ann` is ann@example.org, or at `domain`), with its
 * roles. Answers each one's Cookie header value and uid by that name.
 */
export async function signInOperators<Name extends string>(
  t: TestApp,
  rolesByName: Record<Name, OperatorRole[]>,
  domain = 'example.org',
) {
  const cookies = {} as Record<Name, string>;
  const uids = {} as Record<Name, string>;
  for (const name of Object.keys(rolesByName) as Name[]) {
    const email = `${name}@${domain}`;
    cookies[name] = await signInAsNewOperator(t, email, rolesByName[name]);
    uids[name] = await uidOf(t, email);
  }
  return { cookies, uids };
}

/**
 * The two operators of a write test, both signed in: one whose roles allow the writes (its cookie
 * and uid, and `api`, which sends as it) and a read-only one, whom every write refuses.
 */
export async function signInEditorAndReader(
  t: TestApp,
  editorEmail: string,
  roles: OperatorRole[],
  readerEmail = 'reader@example.org',
) {
  const cookie = await signInAsNewOperator(t, editorEmail, roles);
  const readOnlyCookie = await signInAsNewOperator(t, readerEmail, ['read-only']);
  return { cookie, uid: await uidOf(t, editorEmail), readOnlyCookie, api: apiAs(t, cookie) };
}

/**
 * The app of a write test: the countries loaded and `signInEditorAndReader`'s two operators
 * signed in; `api` sends as the editor. `env` as for `createTestApp`.
 */
export async function createWriteTestApp(
  editorEmail: string,
  roles: OperatorRole[],
  env: Record<string, string> = {},
) {
  const t = await createTestApp(env);
  await loadCountries(t.database.pool);
  const signedIn = await signInEditorAndReader(t, editorEmail, roles);
  return { t, ...signedIn };
}

/** What `createWriteTestApp` answers: the app, the editor and the reader, and `api`. */
export type WriteTestApp = Awaited<ReturnType<typeof createWriteTestApp>>;
