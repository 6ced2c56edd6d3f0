import { sql, type Kysely } from 'kysely';

/**
 * Live members per country, kept by statement-level triggers on members, so the countries list
 * shows its counts without counting 100,000 members on every page. The triggers work on the
 * statement's transition tables: a CSV upload or a bulk change adjusts each country once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE country_member_counts (
  country_iso2 char(2) PRIMARY KEY,
  members integer NOT NULL DEFAULT 0
);

INSERT INTO country_member_counts (country_iso2, members)
SELECT country_iso2, count(*) FROM members
 WHERE deleted_at IS NULL AND country_iso2 IS NOT NULL
 GROUP BY country_iso2;

-- Adds each country's change: +1 for a live member that arrives, -1 for one that leaves.
CREATE FUNCTION adjust_country_member_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO country_member_counts AS c (country_iso2, members)
    SELECT country_iso2, count(*) FROM new_rows
     WHERE deleted_at IS NULL AND country_iso2 IS NOT NULL GROUP BY country_iso2
    ON CONFLICT (country_iso2) DO UPDATE SET members = c.members + excluded.members;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE country_member_counts c SET members = c.members - d.n
      FROM (SELECT country_iso2, count(*) AS n FROM old_rows
             WHERE deleted_at IS NULL AND country_iso2 IS NOT NULL GROUP BY country_iso2) d
     WHERE c.country_iso2 = d.country_iso2;
  ELSE
    INSERT INTO country_member_counts AS c (country_iso2, members)
    SELECT country_iso2, sum(delta) FROM (
      SELECT country_iso2, 1 AS delta FROM new_rows
       WHERE deleted_at IS NULL AND country_iso2 IS NOT NULL
      UNION ALL
      SELECT country_iso2, -1 FROM old_rows
       WHERE deleted_at IS NULL AND country_iso2 IS NOT NULL
    ) changes
    GROUP BY country_iso2 HAVING sum(delta) <> 0
    ON CONFLICT (country_iso2) DO UPDATE SET members = c.members + excluded.members;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER members_country_counts_insert AFTER INSERT ON members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION adjust_country_member_counts();
CREATE TRIGGER members_country_counts_update AFTER UPDATE ON members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION adjust_country_member_counts();
CREATE TRIGGER members_country_counts_delete AFTER DELETE ON members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION adjust_country_member_counts();
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP TRIGGER members_country_counts_insert ON members;
       DROP TRIGGER members_country_counts_update ON members;
       DROP TRIGGER members_country_counts_delete ON members;
       DROP FUNCTION adjust_country_member_counts();
       DROP TABLE country_member_counts;`,
    )
    .execute(db);
}
