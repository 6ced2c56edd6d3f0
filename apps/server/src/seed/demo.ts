import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Actor } from '../db/audit';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';
import { reusePlansForBulkWriteSql } from '../db/transaction';
import { loadCountries } from './countries';
import { createIndexes, dropSecondaryIndexes } from './deferred-indexes';
import { csvLine } from '../lib/csv';
import { createDemoData, type DemoTable, type DemoTableName } from './demo-data';
import { clock } from '../lib/clock';
import { loadFakerKit } from './naming';
import { insertDemoMoneyRows } from './money-rows';
import { insertDemoPaymentRows } from './payment-rows';

export { DEMO_OPERATOR_EMAIL, DEMO_REFERENCE_DATE } from './demo-plan';

/** Called when a table starts (done 0), every 10,000 rows, and when it is loaded. */
export type SeedProgress = (step: string, done: number, total: number) => void;

export type SeedDemoOptions = {
  pool: pg.Pool;
  /** Number of members; the other tables scale with it. */
  scale: number;
  /** Same seed and scale: the same rows, ids and dates included. */
  seed: number;
  /**
   * The day the data is of, `YYYY-MM-DD`; by default headquarters' today, so that a demo loaded
   * on any day has recent joiners, fresh payments and current receivables.
   */
  referenceDate?: string;
  onProgress?: SeedProgress;
};

export type SeedReport = {
  seed: number;
  scale: number;
  /** The day the data is of. */
  referenceDate: string;
  /** Rows loaded per table (operators: only those that were not operators already). */
  counts: Record<DemoTableName, number>;
  elapsedMs: number;
};

/** The seed writes as the system: its versioned writes stamp `updated_by = 'system'`. */
const seedActor: Actor = { kind: 'system', uid: null };

/**
 * Kysely without a connection, only to turn the records store's SQL fragments into text and
 * parameters for the seed's one raw `pg` connection (COPY needs it).
 */
const sqlWriter = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Any constant: it only keeps two seeders from both finding the database empty. */
const seedLockKey = 0x5eed_de30;
const rowsPerChunk = 500;
const progressEvery = 10_000;

async function countBusinessRows(client: pg.PoolClient) {
  const { rows } = await client.query<{ members: number; applications: number; invoices: number }>(
    `SELECT (SELECT count(*) FROM members)::int AS members,
            (SELECT count(*) FROM applications)::int AS applications,
            (SELECT count(*) FROM invoices)::int AS invoices`,
  );
  return rows[0] ?? { members: 0, applications: 0, invoices: 0 };
}

/** The tables the seed fills, and the search documents their triggers write. */
const deferredIndexTables = [
  'members',
  'users',
  'applications',
  'invoices',
  'certificates',
  'emails',
  'stripe_invoices',
  'search_documents',
  'search_words',
];

/** Streams a table into COPY in CSV chunks: memory stays flat whatever the scale. */
async function copyTable(
  client: pg.PoolClient,
  table: DemoTable,
  total: number,
  onProgress: SeedProgress | undefined,
): Promise<number> {
  const { name, columns, kinds } = table;
  function* chunks(): Generator<string> {
    let chunk = '';
    let inChunk = 0;
    let done = 0;
    for (const row of table.rows()) {
      chunk += csvLine(row, columns, kinds);
      done++;
      if (++inChunk === rowsPerChunk) {
        yield chunk;
        chunk = '';
        inChunk = 0;
      }
      if (done % progressEvery === 0 && done < total) onProgress?.(name, done, total);
    }
    if (chunk) yield chunk;
  }
  const copy = client.query(
    copyFrom(`COPY ${name} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`),
  );
  await pipeline(Readable.from(chunks()), copy);
  return copy.rowCount;
}

/** Operators go in with ON CONFLICT: the user may be an operator already (created by the CLI). */
async function insertOperators(client: pg.PoolClient, table: DemoTable): Promise<number> {
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (const row of table.rows()) {
    const placeholders = table.columns.map((column) => {
      values.push(row[column]);
      return `$${values.length}${table.kinds[column] === 'text-array' ? '::text[]' : ''}`;
    });
    tuples.push(`(${placeholders.join(', ')})`);
  }
  const result = await client.query(
    `INSERT INTO operators (${table.columns.join(', ')}) VALUES ${tuples.join(', ')}
     ON CONFLICT (uid) DO NOTHING`,
    values,
  );
  return result.rowCount ?? 0;
}

/**
 * Loads the deterministic demo data set in one transaction (all or nothing), with COPY for the
 * tables. It refuses a database that already holds members, applications or invoices; users may
 * exist (an operator created by the CLI): demo operators with the same e-mail reuse them.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<SeedReport> {
  const startedAt = performance.now();
  const { pool, scale, seed, onProgress } = options;
  // Load faker before taking a connection: it is the slow part of getting started.
  const kit = await loadFakerKit();
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('BEGIN');
    await client.query(reusePlansForBulkWriteSql); // every copied row checks its foreign keys
    await client.query('SELECT pg_advisory_xact_lock($1)', [seedLockKey]);
    const existing = await countBusinessRows(client);
    if (existing.members + existing.applications + existing.invoices > 0) {
      throw new Error(
        `seed demo loads into an empty database; it already holds ${existing.members} members, ` +
          `${existing.applications} applications and ${existing.invoices} invoices`,
      );
    }
    // Built once over the loaded rows rather than updated row by row (deferred-indexes.ts).
    const deferredIndexes = await dropSecondaryIndexes(client, deferredIndexTables);
    await loadCountries(client);
    const users = await client.query<{ uid: string; email: string }>(
      'SELECT uid, email FROM users',
    );
    const data = createDemoData(kit, {
      seed,
      scale,
      referenceDate: options.referenceDate ?? clock.today(),
      existingUsers: new Map(users.rows.map((user) => [user.email, user.uid])),
    });

    const counts = {} as Record<DemoTableName, number>;
    for (const table of data.tables) {
      const total = table.count();
      onProgress?.(table.name, 0, total);
      const loaded =
        table.name === 'operators'
          ? await insertOperators(client, table)
          : await copyTable(client, table, total, onProgress);
      if (table.name !== 'operators' && loaded !== total) {
        throw new Error(
          `seed demo: ${loaded} rows went into ${table.name}, ${total} were generated`,
        );
      }
      counts[table.name] = loaded;
      onProgress?.(table.name, loaded, total);
      if (table.name === 'invoices') {
        const payments = await insertDemoPaymentRows(client, data.plan.calendar.currentYear);
        onProgress?.('stripe_invoices', payments.stripeInvoices, payments.stripeInvoices);
        const money = await insertDemoMoneyRows(client, data.plan.calendar.currentYear);
        onProgress?.('bank_entries', money.bankEntries, money.bankEntries);
      }
      if (table.name === 'members') {
        const bump = versionBump('c', seedActor).compile(sqlWriter);
        await client.query(
          `UPDATE countries c
              SET national_association_mid = m.mid, ${bump.sql}
             FROM members m
            WHERE m.category = 'association' AND m.country_iso2 = c.iso2
              AND c.national_association_mid IS NULL`,
          [...bump.parameters],
        );
      }
    }
    // Issue 17: each demo reminder is dunning's level 1 of its invoice, as a run records it —
    // the notice naming its e-mail (the invoice's level and day came with its row).
    await client.query(
      `INSERT INTO dunning_notices (id, invoice_iid, member_mid, level, as_of, channel, email_id, created_at)
       SELECT substr(md5('dunning-notice-' || e.eid), 1, 20), i.iid, i.member_mid, 1,
              i.dunning_level_on, 'email', e.eid, e.created_at
         FROM emails e
         JOIN invoices i ON i.iid = e.related_id
        WHERE e.kind = 'dunning-reminder-1' AND e.related_table = 'invoices'
          AND i.dunning_level = 1 AND i.member_mid IS NOT NULL
       ON CONFLICT (invoice_iid, level) DO NOTHING`,
    );
    // Issue 18: exchange rates, so the reports' CHF equivalents show from the first start: EUR
    // and USD from the month of the first invoice (the months of history fall back to it), and
    // issue 32: every month of the last year up to the day the demo is of, so the rates screen
    // and the reports read recent rates, not one from the year the data begins. The recent
    // rates move a little from month to month, the same for every load of the same day.
    await client.query(
      `INSERT INTO exchange_rates (currency, month, chf_per_unit, source, created_by, updated_by)
       SELECT r.currency, r.month, r.rate, 'entered', $2, $2
         FROM (SELECT 'EUR' AS currency, date_trunc('month', min(issue_date))::date AS month,
                      0.9350 AS rate FROM invoices
               UNION ALL
               SELECT 'USD', date_trunc('month', min(issue_date))::date, 0.8950 FROM invoices
               UNION ALL
               SELECT c.currency, m::date,
                      round(c.base + c.swing * sin(extract(month FROM m)::float8 * 0.7)::numeric, 4)
                 FROM (VALUES ('EUR', 0.9350, 0.0090), ('USD', 0.8200, 0.0220))
                        AS c (currency, base, swing),
                      generate_series(date_trunc('month', $1::date) - interval '12 months',
                                      date_trunc('month', $1::date), interval '1 month') AS m) r
        WHERE r.month IS NOT NULL
       ON CONFLICT (currency, month) DO NOTHING`,
      [data.plan.calendar.referenceDate, seedActor.kind],
    );
    onProgress?.('indexes', 0, deferredIndexes.length);
    await createIndexes(client, deferredIndexes, (done, total) =>
      onProgress?.('indexes', done, total),
    );
    await client.query('COMMIT');
    // Fresh statistics for what was just loaded: without them the planner guesses (a list's
    // estimated total of a 100,000-member table read 250) and picks slow plans until
    // autovacuum comes by.
    // Every table the seed filled (operators and bank accounts too: a list of 8 operators read
    // "about 460" on the default guess). The data is committed: a failure only warns.
    await client
      .query(
        'ANALYZE countries, users, operators, bank_accounts, members, applications, invoices, certificates, emails, audit_log, search_documents, search_words, stripe_invoices, stripe_events, money_movements, bank_statements, bank_entries, credit_notes',
      )
      .catch((error: unknown) =>
        process.emitWarning(`seed demo: refreshing table statistics failed: ${String(error)}`),
      );
    return {
      seed,
      scale,
      referenceDate: data.plan.calendar.referenceDate,
      counts,
      elapsedMs: Math.round(performance.now() - startedAt),
    };
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // After a failed COPY the connection's state is uncertain: drop it rather than pool it.
    client.release(failed);
  }
}
