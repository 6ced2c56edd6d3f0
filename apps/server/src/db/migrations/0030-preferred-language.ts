import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Issue 17: members and users get a preferred language, one of the federation's four working
 * languages, so e-mails and PDFs reach them in it. A country carries the language its members
 * default to (French for France, Belgium and francophone Africa, German for the DACH countries,
 * Spanish for Spain and Latin America, English elsewhere); an operator may change it.
 *
 * The defaults are filled by BEFORE INSERT triggers, not by the application, so every way a row
 * arrives (the API, a CSV import's COPY, the demo seed, a later import) gets the same default:
 * a member without a language takes its country's, a user without one takes its member's.
 */
const french = [
  'FR',
  'BE',
  'LU',
  'MC',
  'SN',
  'CI',
  'CM',
  'ML',
  'BF',
  'NE',
  'TD',
  'GA',
  'CG',
  'CD',
  'BJ',
  'TG',
  'GN',
  'MG',
  'DZ',
  'MA',
  'TN',
  'HT',
  'CF',
  'DJ',
  'KM',
  'BI',
  'NC',
  'PF',
  'RE',
  'GP',
  'MQ',
  'GF',
  'YT',
  'PM',
  'WF',
  'BL',
  'MF',
  'MR',
];
const german = ['DE', 'AT', 'CH', 'LI'];
const spanish = [
  'ES',
  'MX',
  'AR',
  'CO',
  'CL',
  'PE',
  'VE',
  'EC',
  'GT',
  'CU',
  'BO',
  'DO',
  'HN',
  'PY',
  'SV',
  'NI',
  'CR',
  'PA',
  'UY',
  'GQ',
  'PR',
];

/** A literal array: DDL takes no bind parameters. The codes are our own constants above. */
const codes = (list: string[]) => sql.raw(`ARRAY[${list.map((code) => `'${code}'`).join(', ')}]`);

const languageCheck = sql.raw(`IN ('en', 'fr', 'de', 'es')`);

/**
 * Gives `table` (aliased `alias` in the backfill) its NOT NULL `preferred_language`: the
 * language `inherited(row)` reads from what the row belongs to, English when that has none, for
 * the rows there are now and, by a BEFORE INSERT trigger, for every row that arrives without one.
 */
async function addInheritedLanguage(
  db: Kysely<unknown>,
  table: 'members' | 'users',
  alias: string,
  inherited: (row: string) => RawBuilder<unknown>,
): Promise<void> {
  const name = sql.raw(table);
  const trigger = sql.raw(`${table}_default_language`);
  await sql`ALTER TABLE ${name} ADD COLUMN preferred_language text CHECK (preferred_language ${languageCheck})`.execute(
    db,
  );
  await sql`UPDATE ${name} ${sql.raw(alias)} SET preferred_language = coalesce(
      ${inherited(alias)}, 'en')`.execute(db);
  await sql`ALTER TABLE ${name} ALTER COLUMN preferred_language SET NOT NULL`.execute(db);
  await sql`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.preferred_language IS NULL THEN
        NEW.preferred_language := coalesce(
          ${inherited('NEW')}, 'en');
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${name}
    FOR EACH ROW EXECUTE FUNCTION ${trigger}()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION default_language_of_country(iso2 text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
      WHEN iso2 = ANY (${codes(french)}) THEN 'fr'
      WHEN iso2 = ANY (${codes(german)}) THEN 'de'
      WHEN iso2 = ANY (${codes(spanish)}) THEN 'es'
      ELSE 'en' END`.execute(db);

  await sql`ALTER TABLE countries ADD COLUMN language text CHECK (language ${languageCheck})`.execute(
    db,
  );
  await sql`UPDATE countries SET language = default_language_of_country(iso2)`.execute(db);
  await sql`ALTER TABLE countries ALTER COLUMN language SET NOT NULL`.execute(db);
  await sql`CREATE FUNCTION countries_default_language() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.language IS NULL THEN NEW.language := default_language_of_country(NEW.iso2); END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER countries_default_language BEFORE INSERT ON countries
    FOR EACH ROW EXECUTE FUNCTION countries_default_language()`.execute(db);

  await addInheritedLanguage(db, 'members', 'm', (row) =>
    sql.raw(`(SELECT c.language FROM countries c WHERE c.iso2 = ${row}.country_iso2)`),
  );
  await addInheritedLanguage(db, 'users', 'u', (row) =>
    sql.raw(`(SELECT m.preferred_language FROM members m WHERE m.mid = ${row}.member_mid)`),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_default_language ON users`.execute(db);
  await sql`DROP FUNCTION users_default_language()`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN preferred_language`.execute(db);
  await sql`DROP TRIGGER members_default_language ON members`.execute(db);
  await sql`DROP FUNCTION members_default_language()`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN preferred_language`.execute(db);
  await sql`DROP TRIGGER countries_default_language ON countries`.execute(db);
  await sql`DROP FUNCTION countries_default_language()`.execute(db);
  await sql`ALTER TABLE countries DROP COLUMN language`.execute(db);
  await sql`DROP FUNCTION default_language_of_country(text)`.execute(db);
}
