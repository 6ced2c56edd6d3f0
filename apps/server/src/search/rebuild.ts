import { constants, searchDocumentTypes, type SearchDocumentType } from '@ops/contract';
import type { Kysely, Selectable } from 'kysely';
import type pg from 'pg';
import type { Database, SearchTasksTable } from '../db/schema';
import type { Logger } from '../logger';
import { machineTime } from '../lib/clock';

/**
 * Rebuilding the index without stopping searches: documents are written into a twin table in
 * batches of 1,000 (spec §9), its indexes built, and the twin swapped in by renaming, in one
 * short transaction. Writes made meanwhile are not lost: they reach the live table through the
 * triggers, and the swap carries over every document (and every deletion) whose transaction the
 * build's starting snapshot did not see.
 */

export type SearchTaskRow = Selectable<SearchTasksTable>;

/** Only one rebuild runs at a time, across every instance and the CLI. */
const rebuildLockKey = 'ops:search-rebuild';

/** Where each document type comes from: its table, key and what counts as live. */
const sourceTables: Record<SearchDocumentType, { table: string; key: string; live: string }> = {
  member: { table: 'members', key: 'mid', live: 'deleted_at IS NULL' },
  profile: { table: 'users', key: 'uid', live: 'deleted_at IS NULL' },
  application: { table: 'applications', key: 'aid', live: 'deleted_at IS NULL' },
  invoice: { table: 'invoices', key: 'iid', live: 'true' },
};

const documentColumns =
  'type, record_id, name, description, sort_name, keys, name_terms, all_terms';

/**
 * Asks for a rebuild: a new task, or the one already waiting or running for this index.
 * Returns the task and whether it is new.
 */
export async function requestRebuild(
  db: Kysely<Database>,
  index: string,
  requestedBy: string | null,
): Promise<{ task: SearchTaskRow; isNew: boolean }> {
  const inserted = await db
    .insertInto('search_tasks')
    .values({ index_name: index, requested_by: requestedBy, per_type: JSON.stringify({}) })
    .onConflict((oc) =>
      oc.column('index_name').where('status', 'in', ['enqueued', 'processing']).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { task: inserted, isNew: true };
  const active = await db
    .selectFrom('search_tasks')
    .selectAll()
    .where('index_name', '=', index)
    .where('status', 'in', ['enqueued', 'processing'])
    .executeTakeFirst();
  if (active) return { task: active, isNew: false };
  // It finished between the two statements: ask again.
  return requestRebuild(db, index, requestedBy);
}

type Client = pg.PoolClient;

async function indexDefinitions(client: Client, table: string) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = $1`,
    [table],
  );
  return rows;
}

/** Creates on `twin` the indexes `table` has, named `<name>_build`. */
async function copyIndexes(client: Client, table: string, twin: string) {
  for (const { indexname, indexdef } of await indexDefinitions(client, table)) {
    const onTable = new RegExp(`ON (\\S+\\.)?${table} `);
    const definition = indexdef
      .replace(`INDEX ${indexname} `, `INDEX ${indexname}_build `)
      .replace(onTable, (_match, schema: string | undefined) => `ON ${schema ?? ''}${twin} `);
    await client.query(definition);
    if (indexname.endsWith('_pkey')) {
      await client.query(
        `ALTER TABLE ${twin} ADD CONSTRAINT ${indexname}_build PRIMARY KEY USING INDEX ${indexname}_build`,
      );
    }
  }
}

/** Renames `table` to `<table>_old` and `twin` to `table`, indexes included. */
async function swapTables(client: Client, table: string, twin: string) {
  const live = await indexDefinitions(client, table);
  await client.query(`ALTER TABLE ${table} RENAME TO ${table}_old`);
  for (const { indexname } of live) {
    await client.query(`ALTER INDEX ${indexname} RENAME TO ${indexname}_old`);
  }
  await client.query(`ALTER TABLE ${twin} RENAME TO ${table}`);
  for (const { indexname } of live) {
    await client.query(`ALTER INDEX ${indexname}_build RENAME TO ${indexname}`);
  }
}

async function countSources(client: Client) {
  const counts = {} as Record<SearchDocumentType, number>;
  for (const type of searchDocumentTypes) {
    const { table, live } = sourceTables[type];
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${table} WHERE ${live}`,
    );
    counts[type] = rows[0]?.count ?? 0;
  }
  return counts;
}

async function updateTask(client: Client, uid: string, changes: Record<string, unknown>) {
  const columns = Object.keys(changes);
  await client.query(
    `UPDATE search_tasks SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')}
      WHERE uid = $1`,
    [uid, ...columns.map((column) => changes[column])],
  );
}

export type RebuildOutcome =
  | { status: 'succeeded'; task: SearchTaskRow }
  | { status: 'failed'; task: SearchTaskRow }
  /** Another process holds the rebuild lock (and runs or will run the task). */
  | { status: 'busy' };

/**
 * Runs a rebuild task to its end on one dedicated connection, which holds the rebuild lock:
 * if this process dies, PostgreSQL releases the lock and another worker takes the task over.
 */
export async function runRebuild(
  pool: pg.Pool,
  taskUid: string,
  logger: Logger,
  signal?: AbortSignal,
): Promise<RebuildOutcome> {
  const client = await pool.connect();
  let isLocked = false;
  let isReleased = false;
  // Aborting drops the connection: the statement running stops, the lock goes with the session,
  // and the task stays 'processing' for another worker to take over.
  const onAbort = () => {
    if (isReleased) return;
    isReleased = true;
    client.release(true);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { rows: lock } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [rebuildLockKey],
    );
    isLocked = lock[0]?.locked === true;
    if (!isLocked) return { status: 'busy' };

    const { rows: claimed } = await client.query<{ uid: string }>(
      `UPDATE search_tasks
          SET status = 'processing', started_at = now(), processed = 0, per_type = '{}',
              error = NULL
        WHERE uid = $1 AND status IN ('enqueued', 'processing')
        RETURNING uid`,
      [taskUid],
    );
    if (claimed.length === 0) return { status: 'busy' };
    const startedAt = performance.now();
    try {
      await build(client, pool, taskUid, signal);
      await updateTask(client, taskUid, {
        status: 'succeeded',
        finished_at: machineTime.now(),
        duration_ms: Math.round(performance.now() - startedAt),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      logger.error({ err: error, task: taskUid }, 'search index rebuild failed');
      await client.query('ROLLBACK').catch(() => undefined);
      await client
        .query('DROP TABLE IF EXISTS search_documents_build, search_words_build')
        .catch(() => undefined);
      await updateTask(client, taskUid, {
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
        finished_at: machineTime.now(),
        duration_ms: Math.round(performance.now() - startedAt),
      });
    }
    const { rows } = await client.query<SearchTaskRow>(
      'SELECT * FROM search_tasks WHERE uid = $1',
      [taskUid],
    );
    const task = rows[0];
    if (!task) throw new Error(`search task ${taskUid} vanished`);
    return { status: task.status === 'succeeded' ? 'succeeded' : 'failed', task };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!isReleased) {
      if (isLocked) {
        await client
          .query('SELECT pg_advisory_unlock(hashtext($1))', [rebuildLockKey])
          .catch(() => undefined);
      }
      isReleased = true;
      client.release();
    }
  }
}

async function build(client: Client, pool: pg.Pool, taskUid: string, signal?: AbortSignal) {
  // Index builds below are the slow part; give them memory (this session only).
  await client.query(`SET maintenance_work_mem = '256MB'`);
  await client.query('DROP TABLE IF EXISTS search_documents_build, search_words_build');
  await client.query(
    'CREATE TABLE search_documents_build (LIKE search_documents INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
  );
  await client.query(
    'CREATE TABLE search_words_build (LIKE search_words INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
  );
  // Everything committed before this snapshot is read by every batch below; anything else is
  // taken from the live table at the swap.
  const { rows: snapshotRows } = await client.query<{ snapshot: string }>(
    'SELECT pg_current_snapshot()::text AS snapshot',
  );
  const snapshot = snapshotRows[0]?.snapshot;
  if (!snapshot) throw new Error('no snapshot');

  const totals = await countSources(client);
  const total = Object.values(totals).reduce((sum, count) => sum + count, 0);
  await updateTask(client, taskUid, { total });

  // Two connections fill the twin table side by side (the machine has two cores), each taking
  // the next type, largest first; progress goes through the lock-holding connection.
  const perType: Partial<Record<SearchDocumentType, number>> = {};
  let processed = 0;
  let progress = Promise.resolve();
  const reportProgress = () => {
    const snapshotOfProgress = { processed, perType: JSON.stringify(perType) };
    progress = progress.then(() =>
      updateTask(client, taskUid, {
        processed: snapshotOfProgress.processed,
        per_type: snapshotOfProgress.perType,
        total: Math.max(total, snapshotOfProgress.processed),
      }),
    );
  };
  const queue = [...searchDocumentTypes].sort((a, b) => totals[b] - totals[a]);
  const fill = async () => {
    const filler = await pool.connect();
    try {
      for (let type = queue.shift(); type !== undefined; type = queue.shift()) {
        const { table, key, live } = sourceTables[type];
        perType[type] = 0;
        let after = '';
        for (;;) {
          if (signal?.aborted) throw new Error('The rebuild was stopped.');
          const { rows: batch } = await filler.query<{ id: string }>(
            `SELECT ${key} AS id FROM ${table} WHERE ${key} > $1 AND ${live}
              ORDER BY ${key} LIMIT ${constants.searchBatchSize}`,
            [after],
          );
          const last = batch.at(-1);
          if (!last) break;
          const { rowCount } = await filler.query(
            `INSERT INTO search_documents_build (${documentColumns})
             SELECT ${documentColumns} FROM search_documents_of($1, $2)`,
            [type, batch.map((row) => row.id)],
          );
          after = last.id;
          perType[type] = (perType[type] ?? 0) + (rowCount ?? 0);
          processed += rowCount ?? 0;
          reportProgress();
        }
      }
    } finally {
      filler.release();
    }
  };
  await Promise.all([fill(), fill()]);
  await progress;

  await copyIndexes(client, 'search_documents', 'search_documents_build');
  await client.query(
    `INSERT INTO search_words_build (word)
     SELECT DISTINCT w FROM search_documents_build d, search_vocabulary_words(d.all_terms) AS w`,
  );
  await copyIndexes(client, 'search_words', 'search_words_build');
  await client.query('ANALYZE search_documents_build, search_words_build');

  await client.query('BEGIN');
  // Writers wait from here to COMMIT (milliseconds); readers go on until the renames.
  await client.query(`SET LOCAL lock_timeout = '30s'`);
  await client.query('LOCK TABLE search_documents, search_words IN EXCLUSIVE MODE');
  const changedSince = `change_xid >= pg_snapshot_xmin($1::pg_snapshot)
                    AND NOT pg_visible_in_snapshot(change_xid, $1::pg_snapshot)`;
  await client.query(
    `INSERT INTO search_documents_build (${documentColumns}, updated_at, change_xid)
     SELECT ${documentColumns}, updated_at, change_xid FROM search_documents WHERE ${changedSince}
     ON CONFLICT (type, record_id) DO UPDATE
        SET name = excluded.name, description = excluded.description,
            sort_name = excluded.sort_name, keys = excluded.keys,
            name_terms = excluded.name_terms, all_terms = excluded.all_terms,
            updated_at = excluded.updated_at, change_xid = excluded.change_xid`,
    [snapshot],
  );
  await client.query(
    `DELETE FROM search_documents_build b
      USING search_deletions t
      WHERE t.change_xid >= pg_snapshot_xmin($1::pg_snapshot)
        AND NOT pg_visible_in_snapshot(t.change_xid, $1::pg_snapshot)
        AND b.type = t.type AND b.record_id = t.record_id
        AND NOT EXISTS (SELECT 1 FROM search_documents d
                         WHERE d.type = t.type AND d.record_id = t.record_id)`,
    [snapshot],
  );
  await client.query(
    `INSERT INTO search_words_build (word)
     SELECT DISTINCT w FROM search_documents d, search_vocabulary_words(d.all_terms) AS w
      WHERE ${changedSince}
     ON CONFLICT DO NOTHING`,
    [snapshot],
  );
  await swapTables(client, 'search_documents', 'search_documents_build');
  await swapTables(client, 'search_words', 'search_words_build');
  // Deletions the next rebuild's snapshot will see anyway are no longer needed.
  await client.query(
    'DELETE FROM search_deletions WHERE change_xid < pg_snapshot_xmin($1::pg_snapshot)',
    [snapshot],
  );
  await client.query('COMMIT');
  await client.query('DROP TABLE search_documents_old, search_words_old');
}
