import { sql, type Kysely } from 'kysely';

/**
 * Issue 18, reports: the figures of every chart come from one summary table, `report_counts`,
 * kept current by statement-level triggers in the same transaction as each write (as the search
 * index and `country_member_counts` are), so a report reads a few thousand summary rows instead
 * of scanning 100,000 members or a million invoices.
 *
 * A row is a *fact* counted on a *day* (at headquarters, Europe/Zurich) under the dimensions the
 * reports filter by: the member's country and category (as they are now: a member who moves
 * country or category takes its facts along), the currency, and a `detail` (an invoice's kind,
 * a certificate's type, a leaver's status, an e-mail's state). `n` counts, `amount_minor` sums
 * minor units of `currency`. See `docs/reports.md` for the table of facts.
 *
 * Each source table has one SQL function giving a row's facts (`report_<table>_facts`); the
 * triggers add the facts of the statement's new rows and subtract those of its old rows, so an
 * update that changes nothing a report reads nets to zero and writes nothing. The upsert runs in
 * key order, so two transactions touching the same summary rows lock them in the same order.
 * Rows may reach n = 0 and amount 0 and stay: reports sum, they never count rows.
 *
 * Events that a row cannot tell afterwards are counted when they happen: a member becoming
 * suspended (`member-suspended`, backfilled here from the audit trail) stays under the country
 * and category the member had then.
 */

const key = 'fact, day, year, detail, country_iso2, category, currency';

/** Adds (sign 1) or subtracts (sign -1) facts selected as `f.*` to the summary, in key order. */
function upsert(factsSql: string): string {
  return `
  INSERT INTO report_counts AS c (${key}, n, amount_minor)
  SELECT ${key}, sum(n), sum(amount_minor) FROM (${factsSql}) d
   GROUP BY ${key}
  HAVING sum(n) <> 0 OR sum(amount_minor) <> 0
   ORDER BY ${key}
  ON CONFLICT (${key}) DO UPDATE
    SET n = c.n + excluded.n, amount_minor = c.amount_minor + excluded.amount_minor;`;
}

/** The facts of `rows`, negated for old rows. */
function negated(select: string): string {
  return `SELECT f.fact, f.day, f.year, f.detail, f.country_iso2, f.category, f.currency,
                 -f.n AS n, -f.amount_minor AS amount_minor ${select}`;
}

/** The FROM clause giving the facts of a table's rows in `rows` (a transition table). */
const factsFrom = {
  members: (rows: string) => `FROM ${rows} r CROSS JOIN LATERAL report_member_facts(r) f`,
  invoices: (rows: string) => `FROM ${rows} r LEFT JOIN members m ON m.mid = r.member_mid
    CROSS JOIN LATERAL report_invoice_facts(r, coalesce(m.country_iso2::text, ''), coalesce(m.category, '')) f`,
  money_movements: (rows: string) => `FROM ${rows} r LEFT JOIN members m ON m.mid = r.member_mid
    LEFT JOIN money_movements reversed ON reversed.id = r.reverses_id
    CROSS JOIN LATERAL report_movement_facts(r, reversed.kind, coalesce(m.country_iso2::text, ''), coalesce(m.category, '')) f`,
  certificates: (rows: string) => `FROM ${rows} r LEFT JOIN members m ON m.mid = r.member_mid
    CROSS JOIN LATERAL report_certificate_facts(r, coalesce(m.country_iso2::text, ''), coalesce(m.category, '')) f`,
  emails: (rows: string) => `FROM ${rows} r CROSS JOIN LATERAL report_email_facts(r) f`,
} as const;
type SourceTable = keyof typeof factsFrom;

/**
 * The function of a source table's triggers: facts of new rows minus facts of old rows.
 * `create` is `CREATE OR REPLACE` when a later migration gives existing databases a better body
 * (0044).
 */
function factsFunction(table: SourceTable, extraOnUpdate = '', create = 'CREATE'): string {
  const from = factsFrom[table];
  return `
${create} FUNCTION report_counts_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${upsert(`SELECT f.* ${from('new_rows')}`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${upsert(negated(from('old_rows')))}
  ELSE
    ${upsert(`SELECT f.* ${from('new_rows')} UNION ALL ${negated(from('old_rows'))}`)}
    ${extraOnUpdate}
  END IF;
  RETURN NULL;
END $$;`;
}

/** A source table's function and its three statement-level triggers. */
function triggerFunction(table: SourceTable, extraOnUpdate = ''): string {
  return `${factsFunction(table, extraOnUpdate)}
CREATE TRIGGER ${table}_report_counts_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_${table}();
CREATE TRIGGER ${table}_report_counts_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_${table}();
CREATE TRIGGER ${table}_report_counts_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_${table}();
`;
}

/** The facts of the invoices, payments and certificates of `moved` members, under given attributes. */
function dependentFacts(attributes: 'old' | 'new'): string {
  const country = `moved.${attributes}_country`;
  const category = `moved.${attributes}_category`;
  const select = attributes === 'new' ? 'SELECT f.*' : negated('').replace(/\s*$/, '');
  return `
    ${select} FROM moved JOIN invoices r ON r.member_mid = moved.mid
      CROSS JOIN LATERAL report_invoice_facts(r, ${country}, ${category}) f
    UNION ALL
    ${select} FROM moved JOIN money_movements r ON r.member_mid = moved.mid
      LEFT JOIN money_movements reversed ON reversed.id = r.reverses_id
      CROSS JOIN LATERAL report_movement_facts(r, reversed.kind, ${country}, ${category}) f
    UNION ALL
    ${select} FROM moved JOIN certificates r ON r.member_mid = moved.mid
      CROSS JOIN LATERAL report_certificate_facts(r, ${country}, ${category}) f`;
}

/**
 * On members only: a change of status into `suspended` is counted as an event, and a member
 * whose country or category changed takes the facts of its invoices, payments and certificates
 * along (subtracted under the old attributes, added under the new).
 */
const membersOnUpdate = `
    ${upsert(`SELECT 'member-suspended' AS fact, (now() AT TIME ZONE 'Europe/Zurich')::date AS day,
                     0::smallint AS year, '' AS detail, coalesce(n.country_iso2::text, '') AS country_iso2,
                     n.category, '' AS currency, 1::bigint AS n, 0::bigint AS amount_minor
                FROM new_rows n JOIN old_rows o ON o.mid = n.mid
               WHERE n.status = 'suspended' AND o.status IS DISTINCT FROM 'suspended'
                 AND n.deleted_at IS NULL`)}
    -- A count, not EXISTS: for EXISTS the planner bets on an early match and joins the two
    -- transition tables by a nested loop, which compares 10,000 × 10,000 rows when a bulk write
    -- of 10,000 members moved none of them (13.6 s, issue 19); counting hashes the join.
    IF (SELECT count(*) FROM new_rows n JOIN old_rows o ON o.mid = n.mid
         WHERE (n.country_iso2, n.category) IS DISTINCT FROM (o.country_iso2, o.category)) > 0 THEN
      WITH moved AS (
        SELECT n.mid, coalesce(o.country_iso2::text, '') AS old_country, o.category AS old_category,
               coalesce(n.country_iso2::text, '') AS new_country, n.category AS new_category
          FROM new_rows n JOIN old_rows o ON o.mid = n.mid
         WHERE (n.country_iso2, n.category) IS DISTINCT FROM (o.country_iso2, o.category))
      ${upsert(`${dependentFacts('new')} UNION ALL ${dependentFacts('old')}`).replace(/^\s*INSERT/, 'INSERT')}
    END IF;`;

/**
 * The members' trigger function as `CREATE OR REPLACE`, for migration 0044 to give existing
 * databases the hashed check above (the triggers stay).
 */
export const replaceMembersFactsFunction = (): string =>
  factsFunction('members', membersOnUpdate, 'CREATE OR REPLACE');

const factColumns = `fact text, day date, year smallint, detail text, country_iso2 text,
  category text, currency text, n bigint, amount_minor bigint`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE report_counts (
  fact text NOT NULL,
  day date NOT NULL,
  year smallint NOT NULL DEFAULT 0,
  detail text NOT NULL DEFAULT '',
  country_iso2 text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  currency text NOT NULL DEFAULT '',
  n bigint NOT NULL DEFAULT 0,
  amount_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (${key})
);
COMMENT ON TABLE report_counts IS
  'Facts per day for the reports (issue 18), kept by the writes; see migration 0038.';

-- A member is counted from the day it joined; it leaves on the day it resigned or was
-- terminated (never before it joined, so "members at D" = joined by D − left by D exactly).
CREATE FUNCTION report_member_facts(r members) RETURNS TABLE (${factColumns})
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'member-joined', r.joined_on, 0::smallint, '', coalesce(r.country_iso2::text, ''),
         r.category, '', 1::bigint, 0::bigint
   WHERE r.deleted_at IS NULL AND r.joined_on IS NOT NULL
  UNION ALL
  SELECT 'member-left', greatest(r.joined_on, r.terminated_on), 0::smallint, r.status,
         coalesce(r.country_iso2::text, ''), r.category, '', 1::bigint, 0::bigint
   WHERE r.deleted_at IS NULL AND r.joined_on IS NOT NULL AND r.terminated_on IS NOT NULL
$$;

-- Invoiced: every invoice that was issued and not voided (paid, credited and uncollectible ones
-- were invoiced too). Open: the balance of an issued invoice, by its due date (the ageing).
-- Renewals: membership invoices by their year, issued and paid by day (the renewal progress).
CREATE FUNCTION report_invoice_facts(r invoices, country text, category text)
RETURNS TABLE (${factColumns}) LANGUAGE sql STABLE AS $$
  SELECT 'invoice-issued', r.issue_date, 0::smallint, r.kind, country, category,
         r.currency::text, 1::bigint, r.total_minor
   WHERE r.status IN ('issued', 'paid', 'credited', 'uncollectible') AND r.issue_date IS NOT NULL
  UNION ALL
  SELECT 'invoice-open', coalesce(r.due_date, r.issue_date), 0::smallint, '', country, category,
         r.currency::text, 1::bigint, r.balance_minor
   WHERE r.status = 'issued' AND r.balance_minor > 0
     AND coalesce(r.due_date, r.issue_date) IS NOT NULL
  UNION ALL
  SELECT 'renewal-issued', r.issue_date, r.year::smallint, '', country, category,
         r.currency::text, 1::bigint, r.total_minor
   WHERE r.kind = 'membership' AND r.issue_date IS NOT NULL
     AND r.status IN ('issued', 'paid', 'credited', 'uncollectible')
  UNION ALL
  SELECT 'renewal-paid', coalesce((r.paid_at AT TIME ZONE 'Europe/Zurich')::date, r.issue_date),
         r.year::smallint, '', country, category, r.currency::text, 1::bigint, r.total_minor
   WHERE r.kind = 'membership' AND r.status = 'paid'
     AND coalesce(r.paid_at::date, r.issue_date) IS NOT NULL
$$;

-- Money, by the day it was booked: a reversal counts against the kind it reverses.
CREATE FUNCTION report_movement_facts(r money_movements, reversed_kind text, country text, category text)
RETURNS TABLE (${factColumns}) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'money-' || coalesce(reversed_kind, r.kind), r.booked_on, 0::smallint, '', country,
         category, r.currency::text,
         CASE WHEN r.kind = 'reversal' THEN -1 ELSE 1 END::bigint,
         CASE WHEN r.kind = 'reversal' THEN -r.amount_minor ELSE r.amount_minor END
   WHERE (r.kind = 'reversal' AND reversed_kind IN ('payment', 'write-off', 'credit-note', 'refund'))
      OR r.kind IN ('payment', 'write-off', 'credit-note', 'refund')
$$;

CREATE FUNCTION report_certificate_facts(r certificates, country text, category text)
RETURNS TABLE (${factColumns}) LANGUAGE sql STABLE AS $$
  SELECT 'certificate-issued', (r.issued_at AT TIME ZONE 'Europe/Zurich')::date, 0::smallint,
         r.type, country, category, '', 1::bigint, 0::bigint
   WHERE r.issued_at IS NOT NULL
$$;

-- E-mails by the day they were written: delivered or failed for good, and those that needed
-- more than one attempt.
CREATE FUNCTION report_email_facts(r emails) RETURNS TABLE (${factColumns})
LANGUAGE sql STABLE AS $$
  SELECT 'email', (r.created_at AT TIME ZONE 'Europe/Zurich')::date, 0::smallint, r.state, '', '',
         '', 1::bigint, 0::bigint
   WHERE r.state IN ('SUCCESS', 'ERROR')
  UNION ALL
  SELECT 'email-retried', (r.created_at AT TIME ZONE 'Europe/Zurich')::date, 0::smallint, '', '',
         '', '', 1::bigint, 0::bigint
   WHERE r.delivery_count > 1
$$;

-- What is there already.
${upsert(`SELECT f.* ${factsFrom.members('members')}
  UNION ALL SELECT f.* ${factsFrom.invoices('invoices')}
  UNION ALL SELECT f.* ${factsFrom.money_movements('money_movements')}
  UNION ALL SELECT f.* ${factsFrom.certificates('certificates')}
  UNION ALL SELECT f.* ${factsFrom.emails('emails')}
  UNION ALL
  SELECT 'member-suspended', (a.at AT TIME ZONE 'Europe/Zurich')::date, 0::smallint, '',
         coalesce(m.country_iso2::text, ''), m.category, '', 1::bigint, 0::bigint
    FROM audit_log a JOIN members m ON m.mid = a.record_id
   WHERE a.table_name = 'members' AND a.after ->> 'status' = 'suspended'
     AND (a.before ->> 'status') IS DISTINCT FROM 'suspended'
     AND m.deleted_at IS NULL`)}

${triggerFunction('members', membersOnUpdate)}
${triggerFunction('invoices')}
${triggerFunction('money_movements')}
${triggerFunction('certificates')}
${triggerFunction('emails')}
`,
    )
    .execute(db);
}

const sourceTables: readonly SourceTable[] = [
  'members',
  'invoices',
  'money_movements',
  'certificates',
  'emails',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = sourceTables.flatMap((table) => [
    `DROP TRIGGER ${table}_report_counts_insert ON ${table};`,
    `DROP TRIGGER ${table}_report_counts_update ON ${table};`,
    `DROP TRIGGER ${table}_report_counts_delete ON ${table};`,
    `DROP FUNCTION report_counts_${table}();`,
  ]);
  await sql
    .raw(
      `${drops.join('\n')}
       DROP FUNCTION report_member_facts(members);
       DROP FUNCTION report_invoice_facts(invoices, text, text);
       DROP FUNCTION report_movement_facts(money_movements, text, text, text);
       DROP FUNCTION report_certificate_facts(certificates, text, text);
       DROP FUNCTION report_email_facts(emails);
       DROP TABLE report_counts;`,
    )
    .execute(db);
}
