import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  auditReasonKey,
  guessMemberUploadMapping,
  memberUploadFieldLabels,
  memberUploadFields,
  memberUploadMappingProblems,
  memberUploadMaxBytes,
  normalizeHeaderName,
  ZMemberUploadRow,
  type MemberUploadField,
  type MemberUploadMode,
  type TMemberUpload,
  type TMemberUploadInvalidRows,
  type TMemberUploadMapping,
  type TMemberUploadProgress,
  type TMemberUploadRowInput,
} from '@ops/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Actor } from '../audit/record';
import type { Database, MemberUploadsTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { csvQuote, pgTextArray } from '../seed/csv';
import {
  describeHead,
  readRecordBatches,
  storeFile,
  UploadTooLargeError,
  type UploadEncoding,
  type UploadSeparator,
} from './upload-file';

export type UploadDeps = { db: Kysely<Database>; pool: pg.Pool };

/** Uploads are kept this long (their file, rows and report), then removed by the next upload. */
const keepDays = 30;
/** A running step whose progress is older than this is taken to have died with its instance. */
const staleAfterMs = 2 * 60_000;
/** Rows per statement of the commit (and per progress report). */
const commitBatchLines = 10_000;
/** Rows per statement when the search index catches up after a bulk commit. */
const indexBatchLines = 5_000;
/** Up to this many rows, the commit indexes for search inside its transaction (as every write
 * does); above, it defers that to short transactions right after, so the commit stays fast. */
const inTransactionIndexRows = 2_000;
const progressEveryRows = 5_000;
/** Rows between two full garbage collections while validating (see collectGarbage). */
const collectEveryRows = 10_000;

let fullCollection: (() => void) | null | undefined;

/**
 * A full garbage collection. Parsing a row through the zod schema leaves about 3 KB that V8
 * keeps in its old generation until a full collection, which its heuristics put off until the
 * heap has grown by hundreds of MB: measured, 100,000 rows took the server from 160 MB to
 * 400 MB. Collecting every 10,000 rows (some 30 ms each, the live heap being small) keeps the
 * peak near the resting size. The same runtime switch Jest uses for --logHeapUsage.
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

/** Member columns each field writes (the staging table uses the same names). */
const columnOf: Record<MemberUploadField, string> = {
  number: 'number',
  legalName: 'legal_name',
  category: 'category',
  status: 'status',
  tradeName: 'trade_name',
  country: 'country_iso2',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  postalCode: 'postal_code',
  city: 'city',
  state: 'state',
  vatNumber: 'vat_number',
  website: 'website',
  email: 'email',
  phone: 'phone',
  joinedOn: 'joined_on',
  paidThroughYear: 'paid_through_year',
  billingCurrency: 'billing_currency',
  directoryVisible: 'directory_visible',
};

const valueColumns = memberUploadFields
  .filter((field) => field !== 'number')
  .map((f) => columnOf[f]);
const stagingColumns = [
  'upload_id',
  'line',
  'reason',
  'cells',
  'number',
  'new_mid',
  ...valueColumns,
];

/**
 * One staged row as a line of COPY's CSV. Built with join: a flat string whose pieces die at
 * once. (A line grown with += is a rope holding every piece until written; 100,000 of them
 * outlive the young generation and swell the heap by hundreds of MB before a full collection.)
 */
function stagedLine(row: Record<string, unknown>): string {
  const fields = new Array<string>(stagingColumns.length);
  for (let i = 0; i < stagingColumns.length; i++) {
    const value = row[stagingColumns[i] as string];
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
function idGenerator(): () => string {
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

function badInput(path: string, rule: string, message: string): AppError {
  return new AppError('invalid-argument', message, { issues: [{ path, rule, message }] });
}

type UploadRow = Selectable<MemberUploadsTable>;

async function findUpload(db: Kysely<Database>, id: string): Promise<UploadRow> {
  const row = await db
    .selectFrom('member_uploads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', `There is no member upload ${id}.`);
  return row;
}

async function writeProgress(
  db: Kysely<Database>,
  uploadId: string,
  progress: Omit<TMemberUploadProgress, 'updatedAt'>,
) {
  await db
    .insertInto('member_upload_progress')
    .values({ upload_id: uploadId, progress: JSON.stringify(progress), updated_at: new Date() })
    .onConflict((conflict) =>
      conflict.column('upload_id').doUpdateSet({
        progress: JSON.stringify(progress),
        updated_at: new Date(),
      }),
    )
    .execute();
}

async function clearProgress(db: Kysely<Database>, uploadId: string) {
  await db.deleteFrom('member_upload_progress').where('upload_id', '=', uploadId).execute();
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The upload as the API shows it. */
export async function getUpload(deps: UploadDeps, id: string): Promise<TMemberUpload> {
  const row = await deps.db
    .selectFrom('member_uploads as u')
    .leftJoin('member_upload_progress as p', 'p.upload_id', 'u.id')
    .leftJoin('users as c', 'c.uid', 'u.created_by')
    .selectAll('u')
    .select(['p.progress', 'p.updated_at as progress_at', 'c.email as created_by_email'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', `There is no member upload ${id}.`);
  const isRunning = row.status === 'validating' || row.status === 'committing';
  const needsIndexing = row.status === 'committed' && row.search_indexed_at === null;
  const progress =
    (isRunning || needsIndexing) && row.progress
      ? ({
          ...(row.progress as object),
          updatedAt: iso(row.progress_at ?? new Date()),
        } as TMemberUploadProgress)
      : null;
  // An instance that died while the search index caught up: take over.
  if (needsIndexing && isStale(row.progress_at)) startSearchIndexing(deps, id);
  const result = row.result as Record<string, unknown> | null;
  return {
    id: row.id,
    filename: row.filename,
    byteSize: row.byte_size,
    encoding: row.encoding,
    hasBom: row.has_bom,
    separator: row.separator,
    header: row.header,
    sample: row.sample,
    mapping: row.mapping as TMemberUploadMapping,
    status: row.status,
    progress,
    validation: row.validation as TMemberUpload['validation'],
    result: result
      ? ({
          ...result,
          searchIndexedAt: row.search_indexed_at ? iso(row.search_indexed_at) : null,
        } as TMemberUpload['result'])
      : null,
    error: row.error,
    createdAt: iso(row.created_at),
    createdBy: row.created_by_email ?? row.created_by,
  };
}

function isStale(at: Date | string | null | undefined): boolean {
  return !at || Date.now() - new Date(at).getTime() > staleAfterMs;
}

// ---- Upload -------------------------------------------------------------------------------

/**
 * Stores a new upload's file as it streams in (at most 50 MB), detects its encoding and
 * separator, and guesses the mapping from its header. Nothing is kept if it fails.
 */
export async function createUpload(
  deps: UploadDeps,
  actor: Actor,
  options: { filename: string; body: AsyncIterable<Buffer | string> },
): Promise<TMemberUpload> {
  const id = idGenerator()();
  // Old uploads go when a new one comes: their files and rows are only needed for a while.
  await deps.db
    .deleteFrom('member_uploads')
    .where('created_at', '<', new Date(Date.now() - keepDays * 86_400_000))
    .execute();
  const client = await deps.pool.connect();
  let failed = false;
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO member_uploads (id, filename, byte_size, encoding, separator, header, created_by)
       VALUES ($1, $2, 0, 'utf-8', ',', '{}', $3)`,
      [id, options.filename, actor.uid],
    );
    const stored = await storeFile(client, id, options.body, memberUploadMaxBytes);
    const head = describeHead(stored.head, stored.isUtf8);
    if (head.header.length === 0) {
      throw badInput('body', 'empty', 'The file is empty, or its header line is not CSV.');
    }
    const mapping = guessMemberUploadMapping(head.header);
    await client.query(
      `UPDATE member_uploads
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
        `The file is larger than ${memberUploadMaxBytes / 1024 / 1024} MB.`,
      );
    }
    throw error;
  } finally {
    client.release(failed);
  }
  return getUpload(deps, id);
}

// ---- Validate -----------------------------------------------------------------------------

type CountryLookup = Map<string, string>;

async function loadCountryLookup(db: Kysely<Database>): Promise<CountryLookup> {
  const countries = await db
    .selectFrom('countries')
    .select(['iso2', 'iso3', 'name', 'official_name'])
    .execute();
  const lookup: CountryLookup = new Map();
  for (const country of countries) {
    for (const key of [country.iso2, country.iso3, country.name, country.official_name]) {
      lookup.set(normalizeHeaderName(key), country.iso2);
    }
  }
  return lookup;
}

const withoutNul = (value: string) => (value.includes('\0') ? value.replaceAll('\0', '') : value);

type RowOutcome = { reason: string; number: string | null } | { values: Record<string, unknown> };

/** One row through the shared schema, then the checks that need the database's data. */
export function validateCells(
  cells: readonly string[],
  mapping: TMemberUploadMapping,
  countries: CountryLookup,
): RowOutcome {
  const input: Record<string, string> = {};
  for (const field of memberUploadFields) {
    const column = mapping[field];
    if (column !== undefined) input[field] = withoutNul(cells[column] ?? '');
  }
  const parsed = ZMemberUploadRow.safeParse(input as TMemberUploadRowInput);
  const number = input.number?.trim() || null;
  const reasons: string[] = [];
  let values: Record<string, unknown> | null = null;
  if (parsed.success) {
    const row = parsed.data;
    values = {};
    for (const field of memberUploadFields) {
      if (mapping[field] === undefined) continue;
      values[columnOf[field]] = row[field] ?? null;
    }
    if (row.country) {
      const iso2 = countries.get(normalizeHeaderName(row.country));
      if (iso2) values.country_iso2 = iso2;
      else
        reasons.push(`Country "${row.country}" is not a known country (ISO code or English name)`);
    }
    // Columns the register requires: an empty cell means the default, as for a new member.
    if (values.billing_currency === null) values.billing_currency = 'CHF';
    if (values.directory_visible === null) values.directory_visible = true;
  } else {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as MemberUploadField | undefined;
      const message =
        issue.code === 'invalid_type' && field
          ? `${memberUploadFieldLabels[field]} is missing`
          : issue.message;
      if (!seen.has(message)) reasons.push(message);
      seen.add(message);
    }
  }
  if (reasons.length > 0 || !values) return { reason: reasons.join('; '), number };
  return { values };
}

/** Writes to a COPY stream, waiting whenever its buffer is full. */
function writeTo(stream: NodeJS.WritableStream, text: string): Promise<void> | undefined {
  if (stream.write(text)) return undefined;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}

async function claim(
  deps: UploadDeps,
  id: string,
  to: 'validating' | 'committing',
  from: readonly UploadRow['status'][],
  set: Record<string, unknown> = {},
): Promise<void> {
  const claimed = await deps.db
    .updateTable('member_uploads as u')
    .set({ status: to, error: null, updated_at: new Date(), ...set })
    .where('u.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('u.status', 'in', from),
        // The same step, left behind by an instance that stopped (no progress for a while).
        eb.and([
          eb('u.status', '=', to),
          eb.not(
            eb.exists(
              eb
                .selectFrom('member_upload_progress as p')
                .whereRef('p.upload_id', '=', 'u.id')
                .where('p.updated_at', '>', new Date(Date.now() - staleAfterMs)),
            ),
          ),
        ]),
      ]),
    )
    .returning('u.id')
    .executeTakeFirst();
  if (claimed) return;
  const current = await findUpload(deps.db, id);
  const state: Record<string, string> = {
    uploaded: 'has not been validated yet',
    validating: 'is being validated right now',
    validated: 'is validated',
    committing: 'is being committed right now',
    committed: `was committed already${current.committed_at ? ` at ${iso(current.committed_at)}` : ''}; upload the file again to apply it once more`,
  };
  throw new AppError('aborted', `This upload ${state[current.status] ?? current.status}.`);
}

/** The member columns a mapping writes, besides the number. */
function mappedColumns(mapping: TMemberUploadMapping): string[] {
  return memberUploadFields
    .filter((field) => field !== 'number' && mapping[field] !== undefined)
    .map((field) => columnOf[field]);
}

/** `(m.a, m.b) IS DISTINCT FROM (r.a, r.b)` over the mapped columns. */
function differs(columns: readonly string[]) {
  return sql.raw(
    `(${columns.map((c) => `m.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `r.${c}`).join(', ')})`,
  );
}

/**
 * Reads the whole file through the mapping: every row validated with the shared schema, its
 * country looked up, duplicate numbers within the file and numbers of deleted members refused.
 * The outcome is staged row by row (COPY), so the commit is set-based SQL and the invalid rows
 * can be listed and downloaded. Counts what a commit would do now.
 */
export async function validateUpload(
  deps: UploadDeps,
  id: string,
  mapping: TMemberUploadMapping,
): Promise<TMemberUpload> {
  const upload = await findUpload(deps.db, id);
  const problems = memberUploadMappingProblems(mapping, upload.header.length);
  if (problems.length > 0) {
    throw new AppError('invalid-argument', problems.map((p) => p.message).join(' '), {
      issues: problems.map((p) => ({
        path: `body.mapping.${p.field}`,
        rule: 'mapping',
        message: p.message,
      })),
    });
  }
  await claim(deps, id, 'validating', ['uploaded', 'validated'], {
    mapping: JSON.stringify(mapping),
    validation: null,
  });
  const countries = await loadCountryLookup(deps.db);
  const newId = idGenerator();
  let rows = 0;
  let invalid = 0;
  let bytesRead = 0;
  const report = () =>
    writeProgress(deps.db, id, {
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
    await client.query('BEGIN');
    await client.query('DELETE FROM member_upload_rows WHERE upload_id = $1', [id]);
    const copy = client.query(
      copyFrom(`COPY member_upload_rows (${stagingColumns.join(', ')}) FROM STDIN (FORMAT csv)`),
    );
    const copied = new Promise<void>((resolve, reject) => {
      copy.on('finish', resolve);
      copy.on('error', reject);
    });
    const batches = readRecordBatches(
      deps.pool,
      id,
      upload.encoding as UploadEncoding,
      upload.separator as UploadSeparator,
    );
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
          const outcome = validateCells(record.cells, mapping, countries);
          const staged: Record<string, unknown> =
            'values' in outcome
              ? { ...outcome.values, upload_id: id, line: record.line, new_mid: newId() }
              : {
                  upload_id: id,
                  line: record.line,
                  reason: outcome.reason,
                  number: outcome.number,
                  cells: record.cells.map(withoutNul),
                };
          if (!('values' in outcome)) invalid++;
          batch.push(stagedLine(staged));
          if (batch.length >= 500) {
            const text = batch.join('');
            batch = [];
            await writeTo(copy, text);
          }
          if (rows % progressEveryRows === 0) await report();
          if (rows % collectEveryRows === 0) collectGarbage();
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

    // Numbers that appear on several lines: none of those rows can be trusted to be the one.
    await client.query(
      // Grouped (a hash of the numbers) rather than a window over every row: only the numbers
      // seen twice come out, usually none.
      `WITH repeated AS (
         SELECT number, array_agg(line ORDER BY line) AS lines
           FROM member_upload_rows WHERE upload_id = $1 AND number IS NOT NULL
          GROUP BY number HAVING count(*) > 1
       )
       UPDATE member_upload_rows r
          SET reason = concat_ws('; ', r.reason,
                'Membership number ' || d.number || ' is also on line' ||
                CASE WHEN cardinality(d.lines) > 2 THEN 's ' ELSE ' ' END ||
                array_to_string(array_remove(d.lines, r.line), ', ')),
              new_mid = NULL
         FROM repeated d
        WHERE r.upload_id = $1 AND r.number = d.number`,
      [id],
    );
    // Members that were deleted keep their number: uploading over one would revive it unseen.
    await client.query(
      `UPDATE member_upload_rows r
          SET reason = concat_ws('; ', r.reason,
                'Membership number ' || r.number || ' belongs to a deleted member (' ||
                m.legal_name || '); restore it first'),
              new_mid = NULL
         FROM members m
        WHERE r.upload_id = $1 AND m.number = r.number AND m.deleted_at IS NOT NULL`,
      [id],
    );
    // Rows found invalid only now were staged without their cells: read those lines again.
    await restoreCells(client, deps.pool, id, upload);
    const columns = mappedColumns(mapping);
    const counts = await client.query<{
      rows: number;
      invalid: number;
      to_insert: number;
      to_update: number;
    }>(
      `SELECT count(*)::int AS rows,
              count(*) FILTER (WHERE r.reason IS NOT NULL)::int AS invalid,
              count(*) FILTER (WHERE r.reason IS NULL AND m.mid IS NULL)::int AS to_insert,
              count(*) FILTER (WHERE r.reason IS NULL AND m.mid IS NOT NULL
                                 AND ${differs(columns).compile(deps.db).sql})::int AS to_update
         FROM member_upload_rows r LEFT JOIN members m ON m.number = r.number
        WHERE r.upload_id = $1`,
      [id],
    );
    const count = counts.rows[0] ?? { rows: 0, invalid: 0, to_insert: 0, to_update: 0 };
    const valid = count.rows - count.invalid;
    const validation = {
      rows: count.rows,
      valid,
      invalid: count.invalid,
      toInsert: count.to_insert,
      toUpdate: count.to_update,
      unchanged: valid - count.to_insert - count.to_update,
    };
    await client.query(
      `UPDATE member_uploads
          SET status = 'validated', validation = $2, validated_at = now(), updated_at = now()
        WHERE id = $1`,
      [id, JSON.stringify(validation)],
    );
    await client.query('DELETE FROM member_upload_progress WHERE upload_id = $1', [id]);
    await client.query('COMMIT');
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    const message = error instanceof AppError ? error.message : 'Validation failed unexpectedly.';
    await deps.db
      .updateTable('member_uploads')
      .set({ status: 'uploaded', error: message, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await clearProgress(deps.db, id);
    throw error;
  } finally {
    client.release(failed);
  }
  return getUpload(deps, id);
}

/** Reads the file again for the cells of rows that the whole-file checks found invalid. */
async function restoreCells(
  client: pg.PoolClient,
  pool: pg.Pool,
  id: string,
  upload: UploadRow,
): Promise<void> {
  const missing = await client.query<{ line: number }>(
    'SELECT line FROM member_upload_rows WHERE upload_id = $1 AND reason IS NOT NULL AND cells IS NULL',
    [id],
  );
  if (missing.rows.length === 0) return;
  const wanted = new Set(missing.rows.map((row) => row.line));
  let batch: { line: number; cells: string[] }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(
      `UPDATE member_upload_rows r
          SET cells = ARRAY(SELECT jsonb_array_elements_text(x.cells))
         FROM jsonb_to_recordset($2::jsonb) AS x(line int, cells jsonb)
        WHERE r.upload_id = $1 AND r.line = x.line`,
      [id, JSON.stringify(batch)],
    );
    batch = [];
  };
  const batches = readRecordBatches(
    pool,
    id,
    upload.encoding as UploadEncoding,
    upload.separator as UploadSeparator,
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
  deps: UploadDeps,
  id: string,
  options: { after: number; limit: number },
): Promise<TMemberUploadInvalidRows> {
  await findUpload(deps.db, id);
  const rows = await deps.db
    .selectFrom('member_upload_rows')
    .select(['line', 'reason', 'cells'])
    .where('upload_id', '=', id)
    .where('reason', 'is not', null)
    .where('line', '>', options.after)
    .orderBy('line')
    .limit(options.limit + 1)
    .execute();
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
 * original columns, with the file's separator and a BOM so that Excel reads it as UTF-8.
 */
export async function* rejectedRowsCsv(deps: UploadDeps, id: string): AsyncGenerator<string> {
  const upload = await findUpload(deps.db, id);
  const separator = upload.separator;
  const quote = (value: string) =>
    value.includes(separator) || /^\s|\s$/.test(value)
      ? `"${value.replaceAll('"', '""')}"`
      : csvQuote(value);
  const line = (values: readonly string[]) =>
    `${values.map((value) => (value === '' ? '' : quote(value))).join(separator)}\r\n`;
  yield `\uFEFF${line(['Line', 'Reason', ...upload.header])}`;
  let after = 0;
  for (;;) {
    const page = await listInvalidRows(deps, id, { after, limit: 1_000 });
    let text = '';
    for (const row of page.data) text += line([String(row.line), row.reason, ...row.values]);
    if (text) yield text;
    if (page.nextAfter === null) return;
    after = page.nextAfter;
  }
}

// ---- Commit -------------------------------------------------------------------------------

/** A jsonb object of the columns, read from `alias` (`old`, `new`, a table). */
function jsonOf(alias: string, columns: readonly string[]) {
  return `jsonb_build_object(${columns.map((c) => `'${c}', ${alias}.${c}`).join(', ')})`;
}

/** The keys of `a` whose values differ in `b`, with their values in `a`. */
const changedPart = (a: string, b: string) =>
  `(SELECT coalesce(jsonb_object_agg(x.key, x.value), '{}') FROM jsonb_each(${a}) x
     WHERE x.value IS DISTINCT FROM ${b} -> x.key)`;

/**
 * Applies the validated rows in one SERIALIZABLE transaction, in batches of 10,000 lines:
 * members whose number is new are inserted, members whose mapped fields differ are updated
 * (version + 1), identical ones are left untouched, so committing the same file again changes
 * nothing. Every inserted or updated member gets an audit entry with the fields it changed.
 * 'all-or-nothing' refuses a file with any invalid row; 'valid-only' leaves those rows out.
 */
export async function commitUpload(
  deps: UploadDeps,
  actor: Actor,
  id: string,
  mode: MemberUploadMode,
): Promise<TMemberUpload> {
  const upload = await findUpload(deps.db, id);
  if (upload.status === 'uploaded') {
    throw badInput(
      'id',
      'not-validated',
      'Validate the upload with a mapping before committing it.',
    );
  }
  const validation = upload.validation as {
    valid: number;
    invalid: number;
    toUpdate?: number;
  } | null;
  // A file whose existing members were all identical when validated (a first import) skips
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
  }
  if (upload.status === 'validated' && validation) {
    // The staged rows live in an UNLOGGED table: a database crash empties it.
    const staged = await deps.db
      .selectFrom('member_upload_rows')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('upload_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(staged.n) !== validation.valid + validation.invalid) {
      await deps.db
        .updateTable('member_uploads')
        .set({ status: 'uploaded', validation: null })
        .where('id', '=', id)
        .where('status', '=', 'validated')
        .execute();
      throw new AppError(
        'aborted',
        'The validated rows were lost (the database restarted): validate the upload again.',
      );
    }
  }
  await claim(deps, id, 'committing', ['validated']);
  const mapping = upload.mapping as TMemberUploadMapping;
  const columns = mappedColumns(mapping);
  const total = validation?.valid ?? 0;
  const isBulk = total > inTransactionIndexRows;
  const lastLine = await deps.db
    .selectFrom('member_upload_rows')
    .select((eb) => eb.fn.max('line').as('line'))
    .where('upload_id', '=', id)
    .executeTakeFirst();
  const reasonText = `CSV upload ${upload.filename}`;
  await writeProgress(deps.db, id, {
    phase: 'committing',
    done: 0,
    total,
    rows: total,
    invalid: 0,
  });

  let outcome: { inserted: number; updated: number };
  try {
    outcome = await writeTransaction(
      deps.db,
      async (trx) => {
        if (isBulk) await sql`SET LOCAL ops.search_sync = 'off'`.execute(trx);
        let inserted = 0;
        let updated = 0;
        let done = 0;
        const maxLine = Number(lastLine?.line ?? 0);
        for (let from = 0; from < maxLine; from += commitBatchLines) {
          const to = from + commitBatchLines;
          const inBatch = sql`r.upload_id = ${id} AND r.reason IS NULL AND r.line > ${from} AND r.line <= ${to}`;
          const updates = !hasUpdates
            ? { rows: [{ count: 0 }] }
            : await sql<{ count: number }>`
          -- The values before are read first (RETURNING old.* needs PostgreSQL 18; DATABASE_URL
          -- may be any PostgreSQL from 15), the members locked for the update that follows.
          WITH target AS (
            SELECT m.mid, r.line, m.legal_name IS DISTINCT FROM r.legal_name AS is_renamed,
                   ${sql.raw(jsonOf('m', columns))} AS before
              FROM members m JOIN member_upload_rows r ON m.number = r.number
             WHERE ${inBatch} AND m.deleted_at IS NULL AND ${differs(columns)}
               FOR UPDATE OF m
          ), changed AS (
            UPDATE members m
               SET ${sql.raw(columns.map((c) => `${c} = r.${c}`).join(', '))},
                   version = m.version + 1, updated_at = now(), updated_by = ${actor.uid}
              FROM target t, member_upload_rows r
             WHERE m.mid = t.mid AND r.upload_id = ${id} AND r.line = t.line
            RETURNING m.mid, t.line, t.is_renamed, t.before,
                      ${sql.raw(jsonOf('m', columns))} AS after
          ), audited AS (
            INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
            SELECT ${actor.uid}, ${actor.kind}, 'members', c.mid, 'update',
                   ${sql.raw(changedPart('c.before', 'c.after'))},
                   ${sql.raw(changedPart('c.after', 'c.before'))} || jsonb_build_object(${auditReasonKey}::text, ${reasonText}::text)
              FROM changed c
          ), marked AS (
            UPDATE member_upload_rows s SET action = 'update', is_renamed = c.is_renamed
              FROM changed c WHERE s.upload_id = ${id} AND s.line = c.line
          )
          SELECT count(*)::int AS count FROM changed`.execute(trx);
          updated += updates.rows[0]?.count ?? 0;

          const insertColumns = ['mid', 'number', ...columns];
          const inserts = await sql<{ count: number }>`
          WITH added AS (
            INSERT INTO members (${sql.raw(insertColumns.join(', '))}, created_by, updated_by)
            SELECT r.new_mid, r.number, ${sql.raw(columns.map((c) => `r.${c}`).join(', '))},
                   ${actor.uid}, ${actor.uid}
              FROM member_upload_rows r
             WHERE ${inBatch} AND NOT EXISTS (SELECT 1 FROM members m WHERE m.number = r.number)
            RETURNING ${sql.raw(insertColumns.join(', '))}
          ), audited AS (
            INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
            SELECT ${actor.uid}, ${actor.kind}, 'members', a.mid, 'create', NULL,
                   jsonb_strip_nulls(${sql.raw(jsonOf('a', insertColumns))})
                     || jsonb_build_object(${auditReasonKey}::text, ${reasonText}::text)
              FROM added a
          )
          SELECT count(*)::int AS count FROM added`.execute(trx);
          inserted += inserts.rows[0]?.count ?? 0;

          const batchRows = await sql<{ count: number }>`
          SELECT count(*)::int AS count FROM member_upload_rows r WHERE ${inBatch}`.execute(trx);
          done += batchRows.rows[0]?.count ?? 0;
          // Outside the transaction, so that the screen sees it now.
          await writeProgress(deps.db, id, {
            phase: 'committing',
            done,
            total,
            rows: total,
            invalid: 0,
          });
        }
        const result = {
          mode,
          inserted,
          updated,
          unchanged: done - inserted - updated,
          rejected: validation?.invalid ?? 0,
          committedAt: new Date().toISOString(),
        };
        await trx
          .updateTable('member_uploads')
          .set({
            status: 'committed',
            result: JSON.stringify(result),
            committed_at: new Date(),
            committed_by: actor.uid,
            updated_at: new Date(),
            search_indexed_at: isBulk ? null : new Date(),
          })
          .where('id', '=', id)
          .execute();
        return { inserted, updated };
      },
      { isolationLevel: 'read committed' },
    );
  } catch (error) {
    const message =
      error instanceof AppError ? error.message : 'The commit failed; nothing was saved.';
    await deps.db
      .updateTable('member_uploads')
      .set({ status: 'validated', error: message, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await clearProgress(deps.db, id);
    if ((error as { code?: unknown }).code === '23505') {
      // Someone added a member with one of these numbers since the checks of this commit.
      throw new AppError(
        'aborted',
        'Another change added a member with a number of this file meanwhile; nothing was saved. Commit again.',
        { cause: error },
      );
    }
    throw error;
  }
  if (isBulk && outcome.inserted + outcome.updated > 0) {
    // The members are committed; the search index follows within seconds (see indexForSearch).
    startSearchIndexing(deps, id);
  } else {
    if (isBulk) {
      await deps.db
        .updateTable('member_uploads')
        .set({ search_indexed_at: new Date() })
        .where('id', '=', id)
        .execute();
    }
    await clearProgress(deps.db, id);
  }
  return getUpload(deps, id);
}

// ---- Search index, after a bulk commit ----------------------------------------------------

const runningIndexing = new Map<string, Promise<void>>();

/**
 * Starts (once per instance) bringing the search index up to date with a committed upload. A
 * failure leaves `search_indexed_at` empty: the next read of the upload, once the progress is
 * stale, starts it again.
 */
export function startSearchIndexing(deps: UploadDeps, id: string): void {
  indexForSearch(deps, id).catch(() => undefined);
}

/** Waits for this instance's search indexing (a server closing lets it finish). */
export async function searchIndexingSettled(): Promise<void> {
  await Promise.allSettled([...runningIndexing.values()]);
}

/**
 * A bulk commit skips the search triggers (they would index 100,000 members inside the commit);
 * this brings the index up to date right after, in short batches that never block the members
 * list, exactly as the triggers would have: the inserted and updated members, and the invoices
 * and profiles of renamed ones. Progress is reported like the commit's.
 */
function indexForSearch(deps: UploadDeps, id: string): Promise<void> {
  const running = runningIndexing.get(id);
  if (running) return running;
  const work = (async () => {
    const last = await deps.db
      .selectFrom('member_upload_rows')
      .select((eb) => eb.fn.max('line').as('line'))
      .where('upload_id', '=', id)
      .executeTakeFirst();
    const maxLine = Number(last?.line ?? 0);
    const progress = (done: number) =>
      writeProgress(deps.db, id, { phase: 'indexing', done, total: maxLine, rows: 0, invalid: 0 });
    await progress(0);
    for (let from = 0; from < maxLine; from += indexBatchLines) {
      const to = from + indexBatchLines;
      await sql`
        WITH touched AS (
          SELECT m.mid, r.is_renamed FROM member_upload_rows r JOIN members m ON m.number = r.number
           WHERE r.upload_id = ${id} AND r.reason IS NULL AND r.line > ${from} AND r.line <= ${to}
             AND (r.action = 'update' OR m.mid = r.new_mid)
        )
        SELECT search_index_records('member', ARRAY(SELECT mid FROM touched)),
               search_index_records('invoice', ARRAY(
                 SELECT i.iid FROM invoices i JOIN touched t ON t.mid = i.member_mid
                  WHERE t.is_renamed)),
               search_index_records('profile', ARRAY(
                 SELECT u.uid FROM users u JOIN touched t ON t.mid = u.member_mid
                  WHERE t.is_renamed))`.execute(deps.db);
      await progress(Math.min(to, maxLine));
    }
    await deps.db
      .updateTable('member_uploads')
      .set({ search_indexed_at: new Date() })
      .where('id', '=', id)
      .execute();
    await clearProgress(deps.db, id);
  })().finally(() => runningIndexing.delete(id));
  // Failures are logged by the caller's tracker; a later read of the upload retries when stale.
  runningIndexing.set(id, work);
  return work;
}
