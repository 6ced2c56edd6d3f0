import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  isUploadFixedValue,
  type TUploadInvalidRows,
  type TUploadProgress,
  type TUploadView,
  type UploadMapping,
  type UploadMappingProblem,
  type UploadMappingSource,
  type UploadMode,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { z } from 'zod';
import type { Actor } from '../audit/record';
import type { Database } from '../db/schema';
import {
  reusePlansForBulkWrite,
  reusePlansForBulkWriteSql,
  writeTransaction,
} from '../db/transaction';
import { AppError, badInput } from '../errors';
import { escapeFormula, unescapeFormula } from '../lib/spreadsheet-formulas';
import { refreshStatistics, type StatisticsLog } from '../lists/refresh-statistics';
import { textProblem } from '../lib/storable-text';
import { csvQuote, pgTextArray } from '../seed/csv';
import {
  describeHead,
  readRecordBatches,
  storeFile,
  UploadTooLargeError,
  type UploadEncoding,
  type UploadSeparator,
} from './upload-file';

/**
 * The CSV import pipeline every upload runs (members, invoices): the file streams into the
 * database in chunks; validation reads it back through the mapping, checks each row with the
 * import's zod schema and COPYs the outcome into the import's UNLOGGED staging table; set-based
 * checks over the staged rows follow (duplicates in the file, then the import's own); the commit
 * applies the valid rows in batches of SQL inside one transaction, with progress written outside
 * it; a bulk commit hands its slow follow-up (search index, certificates…) to short transactions
 * right after, with progress too. An import declares its tables, row validation and commit
 * statements as an `UploadKind`; everything else lives here.
 */

export type UploadDeps = {
  db: Kysely<Database>;
  pool: pg.Pool;
  /** Needed by imports whose follow-up writes e-mails or documents (certificates). */
  config?: { publicUrl: string; mailFrom: string };
  /** Where a failed refresh of statistics after a commit is reported (it fails nothing). */
  log?: StatisticsLog;
};

/** Table and column names of one import (they share the same shape, see 0007 and 0018). */
export type UploadTables = {
  uploads: string;
  chunks: string;
  progress: string;
  rows: string;
  /** Column of `uploads` set when the follow-up of a commit has finished. */
  followUpColumn: string;
};

export type RowOutcome =
  { reason: string; key: string | null } | { values: Record<string, unknown> };

export type BaseValidation = {
  rows: number;
  valid: number;
  invalid: number;
  toInsert: number;
  toUpdate: number;
  unchanged: number;
};

export type CommitBatch = {
  id: string;
  actor: Actor;
  mapping: UploadMapping;
  /** The audit reason of every change ("CSV upload members.csv"). */
  reasonText: string;
  /** The valid staged rows of this batch: `r.upload_id = … AND r.reason IS NULL AND r.line in (from, to]`. */
  inBatch: RawBuilder<unknown>;
  /** Whether validation saw any row that changes an existing record. */
  hasUpdates: boolean;
  /** How many valid staged rows the batch holds. */
  rows: number;
};

export type FollowUpReport = (
  phase: TUploadProgress['phase'],
  done: number,
  total: number,
) => Promise<void>;

export type UploadKind = {
  /** "member", "invoice": in messages. */
  noun: string;
  tables: UploadTables;
  /** The key column of the staging table (the record's number), unique within a file. */
  keyColumn: string;
  /** The key as people name it ("Membership number", "Invoice number"). */
  keyLabel: string;
  /** Staging columns a valid row fills (besides upload_id, line, reason, cells). */
  stagingColumns: readonly string[];
  /** Staging columns cleared when a whole-file check finds a row invalid (its new id). */
  clearedWhenInvalid: readonly string[];
  /** The result's key for the follow-up's end ("searchIndexedAt"). */
  resultFollowUpKey: string;
  maxBytes: number;
  guessMapping(header: readonly string[]): UploadMapping;
  mappingProblems(mapping: UploadMapping, columnCount: number): UploadMappingProblem[];
  /** Loads what row validation needs (lookups) and answers the validator of one row. */
  prepareRows(
    deps: UploadDeps,
    mapping: UploadMapping,
    newId: () => string,
  ): Promise<(cells: readonly string[]) => RowOutcome>;
  /** Whole-file checks over the staged rows, in the validation's transaction. */
  checkStaged(client: pg.PoolClient, id: string, mapping: UploadMapping): Promise<void>;
  /** What a commit would do now. */
  countStaged(client: pg.PoolClient, id: string, mapping: UploadMapping): Promise<BaseValidation>;
  /** Applies one batch of valid rows; answers counts that changed records (inserted, updated…). */
  commitBatch(trx: Transaction<Database>, batch: CommitBatch): Promise<Record<string, number>>;
  /** After every batch, in the same transaction: set-based consequences; answers result fields. */
  afterBatches?(
    trx: Transaction<Database>,
    context: { id: string; actor: Actor; reasonText: string },
  ): Promise<Record<string, unknown>>;
  /** Whether the committed upload needs the follow-up (always false: nothing to do). */
  needsFollowUp(context: { isBulk: boolean; counters: Record<string, number> }): boolean;
  /** The follow-up after a commit, in short transactions, reporting its progress. */
  followUp?(
    deps: UploadDeps,
    upload: { id: string; committedBy: string | null; isBulk: boolean },
    report: FollowUpReport,
  ): Promise<void>;
  /** The message of a unique violation during the commit (a number added meanwhile). */
  conflictMessage: string;
  /**
   * The tables a commit fills or changes in bulk, whose statistics are refreshed once it has
   * committed (the search index's after the follow-up has indexed a bulk commit).
   */
  analyzedTables: readonly (keyof Database & string)[];
  /** Rows between two full garbage collections while validating (default 10,000). */
  collectEveryRows?: number;
};

/** Uploads are kept this long (their file, rows and report), then removed by the next upload. */
const keepDays = 30;
/** A running step whose progress is older than this is taken to have died with its instance. */
const staleAfterMs = 2 * 60_000;
/** Rows per statement of the commit (and per progress report). */
const commitBatchLines = 10_000;
/** Up to this many rows, the commit indexes for search inside its transaction (as every write
 * does); above, it defers that to short transactions right after, so the commit stays fast. */
export const inTransactionIndexRows = 2_000;
const progressEveryRows = 5_000;
/** Rows between two full garbage collections while validating (see collectGarbage). */
const collectEveryRows = 10_000;

let fullCollection: (() => void) | null | undefined;

/**
 * A full garbage collection. Part of what validating a row allocates (CSV records, staged
 * lines waiting for COPY) outlives V8's young generation and stays in the old one until a full
 * collection, which V8's heuristics put off until the heap has grown by well over 100 MB:
 * measured with compiled row schemas, 100,000 invoice rows peaked at 352 MB without these
 * collections and 222 MB with one every 20,000 rows (some 50 ms each, the live heap being
 * small). The same runtime switch Jest uses for --logHeapUsage.
 */
function collectGarbage(): void {
  if (fullCollection === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      fullCollection = vm.runInNewContext('gc') as () => void;
    } catch {
      fullCollection = null;
    }
  }
  fullCollection?.();
}

/** Columns of every staging table, then the import's own. */
function stagingColumnsOf(kind: UploadKind): string[] {
  return ['upload_id', 'line', 'reason', 'cells', ...kind.stagingColumns];
}

/**
 * One staged row as a line of COPY's CSV. Built with join: a flat string whose pieces die at
 * once. (A line grown with += is a rope holding every piece until written; 100,000 of them
 * outlive the young generation and swell the heap by hundreds of MB before a full collection.)
 */
function stagedLine(columns: readonly string[], row: Record<string, unknown>): string {
  const fields = new Array<string>(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const value = row[columns[i] as string];
    fields[i] =
      value === null || value === undefined
        ? ''
        : typeof value === 'string'
          ? csvQuote(value)
          : typeof value === 'boolean'
            ? value
              ? 't'
              : 'f'
            : Array.isArray(value)
              ? csvQuote(pgTextArray(value as string[]))
              : String(value);
  }
  return `${fields.join(',')}\n`;
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Opaque ids as lib/ids.ts makes them (20 of the same 62 characters), drawn from one buffer of
 * random bytes: 100,000 of them in milliseconds rather than seconds.
 */
export function idGenerator(): () => string {
  let pool = randomBytes(0);
  let at = 0;
  const chars = new Array<string>(20);
  return () => {
    let length = 0;
    while (length < 20) {
      if (at >= pool.length) {
        pool = randomBytes(64 * 1024);
        at = 0;
      }
      const byte = pool[at++] as number;
      if (byte < 248) chars[length++] = idAlphabet[byte % 62] as string; // 248 = 4 × 62: no bias
    }
    return chars.join('');
  };
}

/**
 * An import's row schema compiled ahead of time by zod (`z.compile`): the same rules, messages
 * and output, generated as one function. Measured on 100,000 invoice rows, the runtime parser
 * took 20 µs a row and left about a third of what it allocated alive past V8's young
 * generation (0.85 s of garbage collection, and a heap that grew until a full collection); the
 * compiled one takes 6 µs and leaves nothing (0.04 s). Strict: a schema change the compiler
 * cannot model fails at start-up, in the tests, instead of quietly making uploads slow.
 */
export function compiledRowSchema<S extends z.ZodType>(schema: S): S {
  return z.compile(schema, { strict: true });
}

/** NUL cannot be stored in a text column; a file may hold it by mistake. */
export const withoutNul = (value: string) =>
  value.includes('\0') ? value.replaceAll('\0', '') : value;

/**
 * A row with a mapped cell PostgreSQL cannot store (a NUL character) is refused, naming the
 * column, rather than imported with the character quietly dropped. (Decoded text never holds a
 * lone surrogate, but the same check covers it.) Unmapped columns are not imported: their
 * cells only reach the rejected-rows report, without the NUL.
 */
function unstorableCellOutcome(
  cells: readonly string[],
  mappedColumns: readonly number[],
  header: readonly string[],
): RowOutcome | null {
  for (const column of mappedColumns) {
    const problem = textProblem(cells[column] ?? '');
    if (problem) {
      const name = withoutNul(header[column] ?? `Column ${column + 1}`);
      return { reason: `${name} ${problem.message}`, key: null };
    }
  }
  return null;
}

/**
 * Why a row failed its schema, in words, each reason once: a missing required cell says which
 * column ("Invoice number is missing"), every other rule its own message.
 */
export function schemaReasons<F extends string>(
  issues: readonly { code: string; path: readonly PropertyKey[]; message: string }[],
  labels: Record<F, string>,
): string[] {
  const reasons: string[] = [];
  for (const issue of issues) {
    const field = issue.path[0] as F | undefined;
    const message =
      issue.code === 'invalid_type' && field ? `${labels[field]} is missing` : issue.message;
    if (!reasons.includes(message)) reasons.push(message);
  }
  return reasons;
}

/**
 * A row's cells by field, through the operator's mapping (unmapped fields left out). A cell that
 * our CSV files escaped as a formula (`'+41 …`) is read as it was before (`+41 …`). A field
 * given a fixed value reads that value on every row, so the row schema checks it as a cell.
 */
export function cellsByField<F extends string>(
  cells: readonly string[],
  fields: readonly F[],
  mapping: UploadMapping<F>,
): Partial<Record<F, string>> {
  const input: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const source: UploadMappingSource | undefined = mapping[field];
    if (source === undefined) continue;
    input[field] = isUploadFixedValue(source)
      ? withoutNul(source.value)
      : unescapeFormula(withoutNul(cells[source] ?? ''));
  }
  return input;
}

/** The file columns a mapping reads (fixed values read none). */
export function mappedFileColumns(mapping: UploadMapping): number[] {
  return Object.values(mapping).filter((source) => typeof source === 'number');
}

export type UploadRecord = {
  id: string;
  filename: string;
  byte_size: number;
  encoding: UploadEncoding;
  has_bom: boolean;
  separator: UploadSeparator;
  header: string[];
  sample: string[][];
  mapping: UploadMapping;
  status: TUploadView['status'];
  validation: BaseValidation | null;
  result: Record<string, unknown> | null;
  error: string | null;
  created_at: Date;
  created_by: string | null;
  committed_at: Date | null;
  committed_by: string | null;
  followed_up_at: Date | null;
};

const table = (name: string) => sql.table(name);

async function findUpload(kind: UploadKind, db: Kysely<Database>, id: string) {
  const { rows } = await sql<UploadRecord>`
    SELECT *, ${sql.ref(kind.tables.followUpColumn)} AS followed_up_at
      FROM ${table(kind.tables.uploads)} WHERE id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('not-found', `There is no ${kind.noun} upload ${id}.`);
  return row;
}

async function writeProgress(
  kind: UploadKind,
  db: Kysely<Database>,
  uploadId: string,
  progress: Omit<TUploadProgress, 'updatedAt'>,
) {
  const json = JSON.stringify(progress);
  await sql`
    INSERT INTO ${table(kind.tables.progress)} (upload_id, progress, updated_at)
    VALUES (${uploadId}, ${json}, now())
    ON CONFLICT (upload_id) DO UPDATE SET progress = ${json}, updated_at = now()`.execute(db);
}

async function clearProgress(kind: UploadKind, db: Kysely<Database>, uploadId: string) {
  await sql`DELETE FROM ${table(kind.tables.progress)} WHERE upload_id = ${uploadId}`.execute(db);
}

async function setStatus(
  kind: UploadKind,
  db: Kysely<Database>,
  id: string,
  status: TUploadView['status'],
  error: string | null,
  extra: RawBuilder<unknown> = sql``,
) {
  await sql`
    UPDATE ${table(kind.tables.uploads)}
       SET status = ${status}, error = ${error}, updated_at = now() ${extra}
     WHERE id = ${id}`.execute(db);
}

const iso = (value: Date | string) => new Date(value).toISOString();

function isStale(at: Date | string | null | undefined): boolean {
  return !at || Date.now() - new Date(at).getTime() > staleAfterMs;
}

/** The upload as the API shows it (the import's schema types it further). */
export async function getUpload(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
): Promise<TUploadView> {
  const { rows } = await sql<
    UploadRecord & { progress: object | null; progress_at: Date | null; email: string | null }
  >`
    SELECT u.*, u.${sql.ref(kind.tables.followUpColumn)} AS followed_up_at,
           p.progress, p.updated_at AS progress_at, c.email
      FROM ${table(kind.tables.uploads)} u
      LEFT JOIN ${table(kind.tables.progress)} p ON p.upload_id = u.id
      LEFT JOIN users c ON c.uid = u.created_by
     WHERE u.id = ${id}`.execute(deps.db);
  const row = rows[0];
  if (!row) throw new AppError('not-found', `There is no ${kind.noun} upload ${id}.`);
  const isRunning = row.status === 'validating' || row.status === 'committing';
  const needsFollowUp = row.status === 'committed' && row.followed_up_at === null;
  const progress =
    (isRunning || needsFollowUp) && row.progress
      ? ({
          ...row.progress,
          updatedAt: iso(row.progress_at ?? new Date()),
        } as TUploadProgress)
      : null;
  // An instance that died during the follow-up: take over.
  if (needsFollowUp && isStale(row.progress_at)) startFollowUp(kind, deps, id);
  return {
    id: row.id,
    filename: row.filename,
    byteSize: row.byte_size,
    encoding: row.encoding,
    hasBom: row.has_bom,
    separator: row.separator,
    header: row.header,
    sample: row.sample,
    mapping: row.mapping,
    status: row.status,
    progress,
    validation: row.validation,
    result: row.result
      ? ({
          ...row.result,
          [kind.resultFollowUpKey]: row.followed_up_at ? iso(row.followed_up_at) : null,
        } as TUploadView['result'])
      : null,
    error: row.error,
    createdAt: iso(row.created_at),
    createdBy: row.email ?? row.created_by,
  };
}

// ---- Upload -------------------------------------------------------------------------------

/**
 * Stores a new upload's file as it streams in (at most the import's limit), detects its
 * encoding and separator, and guesses the mapping from its header. Nothing is kept if it fails.
 */
export async function createUpload(
  kind: UploadKind,
  deps: UploadDeps,
  actor: Actor,
  options: { filename: string; body: AsyncIterable<Buffer | string> },
): Promise<TUploadView> {
  const id = idGenerator()();
  const { uploads, chunks } = kind.tables;
  // Old uploads go when a new one comes: their files and rows are only needed for a while.
  await sql`DELETE FROM ${table(uploads)}
             WHERE created_at < ${new Date(Date.now() - keepDays * 86_400_000)}`.execute(deps.db);
  const client = await deps.pool.connect();
  let failed = false;
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO ${uploads} (id, filename, byte_size, encoding, separator, header, created_by)
       VALUES ($1, $2, 0, 'utf-8', ',', '{}', $3)`,
      [id, options.filename, actor.uid],
    );
    const stored = await storeFile(client, chunks, id, options.body, kind.maxBytes);
    const head = describeHead(stored.head, stored.isUtf8);
    if (head.header.length === 0) {
      throw badInput('body', 'empty', 'The file is empty, or its header line is not CSV.');
    }
    // Column names are stored and shown for the mapping: one PostgreSQL cannot store refuses the file.
    for (const [column, name] of head.header.entries()) {
      const problem = textProblem(name);
      if (problem) {
        const message = `The name of column ${column + 1} ${problem.message}.`;
        throw badInput('body', problem.rule, message);
      }
    }
    const mapping = kind.guessMapping(head.header);
    await client.query(
      `UPDATE ${uploads}
          SET byte_size = $2, encoding = $3, has_bom = $4, separator = $5, header = $6,
              sample = $7, mapping = $8
        WHERE id = $1`,
      [
        id,
        stored.byteSize,
        head.encoding,
        head.hasBom,
        head.separator,
        head.header,
        JSON.stringify(head.sample),
        JSON.stringify(mapping),
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof UploadTooLargeError) {
      throw new AppError(
        'payload-too-large',
        `The file is larger than ${kind.maxBytes / 1024 / 1024} MB.`,
      );
    }
    throw error;
  } finally {
    client.release(failed);
  }
  return getUpload(kind, deps, id);
}

// ---- Validate -----------------------------------------------------------------------------

/** Writes to a COPY stream, waiting whenever its buffer is full. */
function writeTo(stream: NodeJS.WritableStream, text: string): Promise<void> | undefined {
  if (stream.write(text)) return undefined;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}

async function claim(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
  to: 'validating' | 'committing',
  from: readonly UploadRecord['status'][],
  set: RawBuilder<unknown> = sql``,
): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    UPDATE ${table(kind.tables.uploads)} u
       SET status = ${to}, error = NULL, updated_at = now() ${set}
     WHERE u.id = ${id}
       AND (u.status = ANY(${[...from]}::text[])
            -- The same step, left behind by an instance that stopped (no progress for a while).
            OR (u.status = ${to} AND NOT EXISTS (
                  SELECT 1 FROM ${table(kind.tables.progress)} p
                   WHERE p.upload_id = u.id
                     AND p.updated_at > ${new Date(Date.now() - staleAfterMs)})))
    RETURNING u.id`.execute(deps.db);
  if (rows.length > 0) return;
  const current = await findUpload(kind, deps.db, id);
  const state: Record<string, string> = {
    uploaded: 'has not been validated yet',
    validating: 'is being validated right now',
    validated: 'is validated',
    committing: 'is being committed right now',
    committed: `was committed already${current.committed_at ? ` at ${iso(current.committed_at)}` : ''}; upload the file again to apply it once more`,
  };
  throw new AppError('aborted', `This upload ${state[current.status] ?? current.status}.`);
}

/**
 * Reads the whole file through the mapping: every row validated by the import, the outcome
 * staged row by row (COPY), so the commit is set-based SQL and the invalid rows can be listed
 * and downloaded. Numbers that appear on several lines are refused, then the import's own
 * whole-file checks run. Counts what a commit would do now.
 */
export async function validateUpload(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
  mapping: UploadMapping,
): Promise<TUploadView> {
  const upload = await findUpload(kind, deps.db, id);
  const problems = kind.mappingProblems(mapping, upload.header.length);
  if (problems.length > 0) {
    throw new AppError('invalid-argument', problems.map((p) => p.message).join(' '), {
      issues: problems.map((p) => ({
        path: `body.mapping.${p.field}`,
        rule: 'mapping',
        message: p.message,
      })),
    });
  }
  await claim(
    kind,
    deps,
    id,
    'validating',
    ['uploaded', 'validated'],
    sql`, mapping = ${JSON.stringify(mapping)}, validation = NULL`,
  );
  const { rows: rowsTable, chunks } = kind.tables;
  const columns = stagingColumnsOf(kind);
  let rows = 0;
  let invalid = 0;
  let bytesRead = 0;
  const report = () =>
    writeProgress(kind, deps.db, id, {
      phase: 'validating',
      done: bytesRead,
      total: upload.byte_size,
      rows,
      invalid,
    });
  await report();

  const client = await deps.pool.connect();
  let failed = false;
  try {
    const validateRow = await kind.prepareRows(deps, mapping, idGenerator());
    const mappedColumns = mappedFileColumns(mapping);
    await client.query('BEGIN');
    // The COPY checks each staged row's foreign key to its upload: with the plan kept.
    await client.query(reusePlansForBulkWriteSql);
    await client.query(`DELETE FROM ${rowsTable} WHERE upload_id = $1`, [id]);
    const copy = client.query(
      copyFrom(`COPY ${rowsTable} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`),
    );
    const copied = new Promise<void>((resolve, reject) => {
      copy.on('finish', resolve);
      copy.on('error', reject);
    });
    const batches = readRecordBatches(deps.pool, chunks, id, upload.encoding, upload.separator);
    let isHeader = true;
    let batch: string[] = [];
    try {
      for await (const recordBatch of batches) {
        for (const record of recordBatch) {
          if (isHeader) {
            isHeader = false;
            continue;
          }
          rows++;
          bytesRead = record.bytesRead;
          const outcome =
            unstorableCellOutcome(record.cells, mappedColumns, upload.header) ??
            validateRow(record.cells);
          let staged: Record<string, unknown>;
          if ('values' in outcome) {
            // The row's own fresh object, completed rather than copied (twenty-odd keys a row).
            staged = outcome.values;
            staged.upload_id = id;
            staged.line = record.line;
          } else {
            invalid++;
            staged = {
              upload_id: id,
              line: record.line,
              reason: outcome.reason,
              [kind.keyColumn]: outcome.key,
              cells: record.cells.map(withoutNul),
            };
          }
          batch.push(stagedLine(columns, staged));
          if (batch.length >= 500) {
            const text = batch.join('');
            batch = [];
            await writeTo(copy, text);
          }
          if (rows % progressEveryRows === 0) await report();
          if (rows % (kind.collectEveryRows ?? collectEveryRows) === 0) collectGarbage();
        }
      }
    } catch (error) {
      copy.destroy();
      await copied.catch(() => undefined);
      throw csvProblem(error);
    }
    if (batch.length > 0) await writeTo(copy, batch.join(''));
    copy.end();
    await copied;
    if (isHeader)
      throw badInput('body', 'empty', 'The file is empty, or its header line is not CSV.');
    // Fresh statistics of the staged rows: without them the planner takes the staging table
    // for a few rows and joins it to members or invoices by nested loops (seconds at 5,000
    // rows, minutes at 100,000). What those plans need is the number of rows and of distinct
    // values, which a sample of 3,000 rows (statistics target 10) tells as well as the default
    // 30,000, in 40 ms rather than 500 at 100,000 invoice rows (jsonb columns are costly to sample).
    await client.query('SET LOCAL default_statistics_target = 10');
    await client.query(`ANALYZE ${rowsTable}`);

    // Numbers that appear on several lines: none of those rows can be trusted to be the one.
    // Grouped (a hash of the numbers) rather than a window over every row: only the numbers
    // seen twice come out, usually none.
    const key = kind.keyColumn;
    await client.query(
      `WITH repeated AS (
         SELECT ${key} AS key, array_agg(line ORDER BY line) AS lines
           FROM ${rowsTable} WHERE upload_id = $1 AND ${key} IS NOT NULL
          GROUP BY ${key} HAVING count(*) > 1
       )
       UPDATE ${rowsTable} r
          SET reason = concat_ws('; ', r.reason,
                $2 || ' ' || d.key || ' is also on line' ||
                CASE WHEN cardinality(d.lines) > 2 THEN 's ' ELSE ' ' END ||
                array_to_string(array_remove(d.lines, r.line), ', '))
              ${kind.clearedWhenInvalid.map((c) => `, ${c} = NULL`).join('')}
         FROM repeated d
        WHERE r.upload_id = $1 AND r.${key} = d.key`,
      [id, kind.keyLabel],
    );
    await kind.checkStaged(client, id, mapping);
    // Rows found invalid only now were staged without their cells: read those lines again.
    await restoreCells(kind, client, deps.pool, id, upload);
    const validation = await kind.countStaged(client, id, mapping);
    await client.query(
      `UPDATE ${kind.tables.uploads}
          SET status = 'validated', validation = $2, validated_at = now(), updated_at = now()
        WHERE id = $1`,
      [id, JSON.stringify(validation)],
    );
    await client.query(`DELETE FROM ${kind.tables.progress} WHERE upload_id = $1`, [id]);
    await client.query('COMMIT');
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    const message = error instanceof AppError ? error.message : 'Validation failed unexpectedly.';
    await setStatus(kind, deps.db, id, 'uploaded', message);
    await clearProgress(kind, deps.db, id);
    throw error;
  } finally {
    client.release(failed);
  }
  return getUpload(kind, deps, id);
}

/** Reads the file again for the cells of rows that the whole-file checks found invalid. */
async function restoreCells(
  kind: UploadKind,
  client: pg.PoolClient,
  pool: pg.Pool,
  id: string,
  upload: UploadRecord,
): Promise<void> {
  const rowsTable = kind.tables.rows;
  const missing = await client.query<{ line: number }>(
    `SELECT line FROM ${rowsTable} WHERE upload_id = $1 AND reason IS NOT NULL AND cells IS NULL`,
    [id],
  );
  if (missing.rows.length === 0) return;
  const wanted = new Set(missing.rows.map((row) => row.line));
  let batch: { line: number; cells: string[] }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(
      `UPDATE ${rowsTable} r
          SET cells = ARRAY(SELECT jsonb_array_elements_text(x.cells))
         FROM jsonb_to_recordset($2::jsonb) AS x(line int, cells jsonb)
        WHERE r.upload_id = $1 AND r.line = x.line`,
      [id, JSON.stringify(batch)],
    );
    batch = [];
  };
  const batches = readRecordBatches(
    pool,
    kind.tables.chunks,
    id,
    upload.encoding,
    upload.separator,
  );
  for await (const recordBatch of batches) {
    for (const record of recordBatch) {
      if (!wanted.has(record.line)) continue;
      batch.push({ line: record.line, cells: record.cells.map(withoutNul) });
      if (batch.length >= 1_000) await flush();
    }
  }
  await flush();
}

/** A malformed file (an unclosed quote…) is the person's to fix: a 400 naming the line. */
function csvProblem(error: unknown): unknown {
  const csv = error as { code?: unknown; lines?: unknown; message?: unknown };
  if (typeof csv.code === 'string' && csv.code.startsWith('CSV_')) {
    const line = typeof csv.lines === 'number' ? ` near line ${csv.lines}` : '';
    const message = `The file is not valid CSV${line}: ${String(csv.message)}`;
    return badInput('body', 'csv', message);
  }
  return error;
}

// ---- Invalid rows and the rejected-rows report ---------------------------------------------

export async function listInvalidRows(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
  options: { after: number; limit: number },
): Promise<TUploadInvalidRows> {
  await findUpload(kind, deps.db, id);
  const { rows } = await sql<{ line: number; reason: string | null; cells: string[] | null }>`
    SELECT line, reason, cells FROM ${table(kind.tables.rows)}
     WHERE upload_id = ${id} AND reason IS NOT NULL AND line > ${options.after}
     ORDER BY line LIMIT ${options.limit + 1}`.execute(deps.db);
  const page = rows.slice(0, options.limit);
  return {
    data: page.map((row) => ({
      line: row.line,
      reason: row.reason ?? '',
      values: row.cells ?? [],
    })),
    nextAfter: rows.length > options.limit ? (page.at(-1)?.line ?? null) : null,
  };
}

/**
 * The rejected rows as CSV, for the person to fix and upload again: line, reason, then the
 * original columns, with the file's separator and a BOM so that Excel reads it as UTF-8. A cell
 * a spreadsheet would run as a formula gets a leading `'` (the uploaded file is anybody's); an
 * upload reads it back without it (`cellsByField`).
 */
export async function* rejectedRowsCsv(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
): AsyncGenerator<string> {
  const upload = await findUpload(kind, deps.db, id);
  const separator = upload.separator;
  const quote = (value: string) =>
    value.includes(separator) || /^\s|\s$/.test(value)
      ? `"${value.replaceAll('"', '""')}"`
      : csvQuote(value);
  const line = (values: readonly string[]) =>
    `${values.map((value) => (value === '' ? '' : quote(escapeFormula(value)))).join(separator)}\r\n`;
  yield `\uFEFF${line(['Line', 'Reason', ...upload.header])}`;
  let after = 0;
  for (;;) {
    const page = await listInvalidRows(kind, deps, id, { after, limit: 1_000 });
    let text = '';
    for (const row of page.data) text += line([String(row.line), row.reason, ...row.values]);
    if (text) yield text;
    if (page.nextAfter === null) return;
    after = page.nextAfter;
  }
}

/** The file name of the rejected rows' download. */
export async function rejectedRowsFileName(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
): Promise<string> {
  const upload = await findUpload(kind, deps.db, id);
  const base = upload.filename.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || kind.noun;
  return `${base}-rejected.csv`;
}

// ---- Commit -------------------------------------------------------------------------------

/** A jsonb object of the columns, read from `alias` (`old`, `new`, a table). */
export function jsonOf(alias: string, columns: readonly string[]) {
  return `jsonb_build_object(${columns.map((c) => `'${c}', ${alias}.${c}`).join(', ')})`;
}

/** The keys of `a` whose values differ in `b`, with their values in `a`. */
export const changedPart = (a: string, b: string) =>
  `(SELECT coalesce(jsonb_object_agg(x.key, x.value), '{}') FROM jsonb_each(${a}) x
     WHERE x.value IS DISTINCT FROM ${b} -> x.key)`;

/**
 * Applies the validated rows in one transaction, in batches of 10,000 lines (the import's
 * statements: insert the new numbers, update the changed records, leave identical ones), so
 * committing the same file again changes nothing. 'all-or-nothing' refuses a file with any
 * invalid row; 'valid-only' leaves those rows out. A bulk commit skips the search triggers and
 * hands the index, and the import's other slow consequences, to the follow-up.
 */
export async function commitUpload(
  kind: UploadKind,
  deps: UploadDeps,
  actor: Actor,
  id: string,
  mode: UploadMode,
): Promise<TUploadView> {
  const upload = await findUpload(kind, deps.db, id);
  const rowsTable = kind.tables.rows;
  if (upload.status === 'uploaded') {
    throw badInput(
      'id',
      'not-validated',
      'Validate the upload with a mapping before committing it.',
    );
  }
  const validation = upload.validation;
  // A file whose existing records were all identical when validated (a first import) skips
  // the update pass: the preview the person committed said nothing would change.
  const hasUpdates = (validation?.toUpdate ?? 1) > 0;
  if (upload.status === 'validated' && validation) {
    if (mode === 'all-or-nothing' && validation.invalid > 0) {
      throw badInput(
        'body.mode',
        'all-or-nothing',
        `${validation.invalid.toLocaleString('en')} row${validation.invalid === 1 ? ' is' : 's are'} invalid, so nothing was committed. Fix the file and upload it again, or commit the valid rows only.`,
      );
    }
    if (validation.valid === 0) {
      throw badInput(
        'body.mode',
        'no-valid-rows',
        'No row of this file is valid: nothing to commit.',
      );
    }
    // The staged rows live in an UNLOGGED table: a database crash empties it.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${table(rowsTable)} WHERE upload_id = ${id}`.execute(deps.db);
    if ((rows[0]?.n ?? 0) !== validation.valid + validation.invalid) {
      await sql`UPDATE ${table(kind.tables.uploads)} SET status = 'uploaded', validation = NULL
                 WHERE id = ${id} AND status = 'validated'`.execute(deps.db);
      throw new AppError(
        'aborted',
        'The validated rows were lost (the database restarted): validate the upload again.',
      );
    }
  }
  await claim(kind, deps, id, 'committing', ['validated']);
  const total = validation?.valid ?? 0;
  const isBulk = total > inTransactionIndexRows;
  const { rows: lastRows } = await sql<{ line: number | null }>`
    SELECT max(line) AS line FROM ${table(rowsTable)} WHERE upload_id = ${id}`.execute(deps.db);
  const maxLine = Number(lastRows[0]?.line ?? 0);
  const reasonText = `CSV upload ${upload.filename}`;
  const progress = (done: number) =>
    writeProgress(kind, deps.db, id, { phase: 'committing', done, total, rows: total, invalid: 0 });
  await progress(0);

  let needsFollowUp: boolean;
  try {
    needsFollowUp = await writeTransaction(
      deps.db,
      async (trx) => {
        await reusePlansForBulkWrite(trx);
        if (isBulk) await sql`SET LOCAL ops.search_sync = 'off'`.execute(trx);
        const counters: Record<string, number> = {};
        let done = 0;
        for (let from = 0; from < maxLine; from += commitBatchLines) {
          const to = from + commitBatchLines;
          const inBatch = sql`r.upload_id = ${id} AND r.reason IS NULL AND r.line > ${from} AND r.line <= ${to}`;
          const { rows } = await sql<{ count: number }>`
            SELECT count(*)::int AS count FROM ${table(rowsTable)} r WHERE ${inBatch}`.execute(trx);
          const batchRows = rows[0]?.count ?? 0;
          const counts = await kind.commitBatch(trx, {
            id,
            actor,
            mapping: upload.mapping,
            reasonText,
            inBatch,
            hasUpdates,
            rows: batchRows,
          });
          for (const [name, value] of Object.entries(counts)) {
            counters[name] = (counters[name] ?? 0) + value;
          }
          done += batchRows;
          // Outside the transaction, so that the screen sees it now.
          await progress(done);
        }
        const extra = kind.afterBatches
          ? await kind.afterBatches(trx, { id, actor, reasonText })
          : {};
        const changed = Object.values(counters).reduce((sum, value) => sum + value, 0);
        const result = {
          mode,
          inserted: 0,
          updated: 0,
          ...counters,
          unchanged: done - changed,
          rejected: validation?.invalid ?? 0,
          committedAt: new Date().toISOString(),
          ...extra,
        };
        const followUp = kind.needsFollowUp({ isBulk, counters });
        await sql`
          UPDATE ${table(kind.tables.uploads)}
             SET status = 'committed', result = ${JSON.stringify(result)}, committed_at = now(),
                 committed_by = ${actor.uid}, updated_at = now(),
                 ${sql.ref(kind.tables.followUpColumn)} = ${followUp ? null : new Date()}
           WHERE id = ${id}`.execute(trx);
        return followUp;
      },
      { isolationLevel: 'read committed' },
    );
  } catch (error) {
    const message =
      error instanceof AppError ? error.message : 'The commit failed; nothing was saved.';
    await setStatus(kind, deps.db, id, 'validated', message);
    await clearProgress(kind, deps.db, id);
    if ((error as { code?: unknown }).code === '23505') {
      throw new AppError('aborted', kind.conflictMessage, { cause: error });
    }
    throw error;
  }
  // Outside the commit's transaction, once committed: the lists' estimates and plans see the
  // new rows now rather than when autovacuum comes by.
  await refreshStatistics(deps.db, kind.analyzedTables, deps.log);
  if (needsFollowUp) startFollowUp(kind, deps, id);
  else await clearProgress(kind, deps.db, id);
  return getUpload(kind, deps, id);
}

// ---- The follow-up of a commit ------------------------------------------------------------

const runningFollowUps = new Map<string, Promise<void>>();

/**
 * Starts (once per instance) the follow-up of a committed upload. A failure leaves the
 * follow-up column empty: the next read of the upload, once the progress is stale, starts it
 * again (so each follow-up must be safe to run twice).
 */
export function startFollowUp(kind: UploadKind, deps: UploadDeps, id: string): void {
  runFollowUp(kind, deps, id).catch(() => undefined);
}

/** Waits for this instance's follow-ups (a server closing lets them finish). */
export async function uploadFollowUpsSettled(): Promise<void> {
  await Promise.allSettled([...runningFollowUps.values()]);
}

function runFollowUp(kind: UploadKind, deps: UploadDeps, id: string): Promise<void> {
  const key = `${kind.tables.uploads}:${id}`;
  const running = runningFollowUps.get(key);
  if (running) return running;
  const work = (async () => {
    const upload = await findUpload(kind, deps.db, id);
    const total = upload.validation?.valid ?? 0;
    const report: FollowUpReport = (phase, done, of) =>
      writeProgress(kind, deps.db, id, { phase, done, total: of, rows: 0, invalid: 0 });
    const isBulk = total > inTransactionIndexRows;
    await kind.followUp?.(deps, { id, committedBy: upload.committed_by, isBulk }, report);
    // A bulk commit's search documents were written by the follow-up, not the commit.
    if (isBulk) await refreshStatistics(deps.db, ['search_documents', 'search_words'], deps.log);
    await sql`UPDATE ${table(kind.tables.uploads)}
                 SET ${sql.ref(kind.tables.followUpColumn)} = now() WHERE id = ${id}`.execute(
      deps.db,
    );
    await clearProgress(kind, deps.db, id);
  })().finally(() => runningFollowUps.delete(key));
  runningFollowUps.set(key, work);
  return work;
}

/** The highest staged line of an upload (follow-ups walk the rows by line ranges). */
export async function lastStagedLine(
  kind: UploadKind,
  db: Kysely<Database>,
  id: string,
): Promise<number> {
  const { rows } = await sql<{ line: number | null }>`
    SELECT max(line) AS line FROM ${table(kind.tables.rows)} WHERE upload_id = ${id}`.execute(db);
  return Number(rows[0]?.line ?? 0);
}
