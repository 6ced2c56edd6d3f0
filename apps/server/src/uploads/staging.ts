import v8 from 'node:v8';
import vm from 'node:vm';
import type { UploadMapping } from '@ops/contract';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { badInput } from '../errors';
import { csvQuote, pgTextArray } from '../lib/csv';
import type { RowOutcome, UploadDeps, UploadKind } from './kind';
import { mappedFileColumns, unstorableCellOutcome, withoutNul } from './rows';
import { readRecordBatches, type CsvRecord } from './upload-file';
import { writeProgress, type UploadRecord } from './upload-record';

/**
 * The staging of a validation: the file read back record by record through the kind's row
 * validation, each outcome COPYed into the kind's UNLOGGED rows table (the valid row's values,
 * or the reason and the original cells), so the checks and the commit that follow are
 * set-based SQL, and the invalid rows can be listed and downloaded.
 */

const progressEveryRows = 5_000;
/** Rows between two full garbage collections while validating (see collectGarbage). */
const collectEveryRows = 10_000;
/** Staged lines written to COPY at a time. */
const copyBatchLines = 500;

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

/** Writes to a COPY stream, waiting whenever its buffer is full. */
function writeTo(stream: NodeJS.WritableStream, text: string): Promise<void> | undefined {
  if (stream.write(text)) return undefined;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}

/** The staged row of a record: the valid row's values, or its reason and original cells. */
function stagedRow(
  kind: UploadKind,
  uploadId: string,
  record: CsvRecord,
  outcome: RowOutcome,
): Record<string, unknown> {
  if ('values' in outcome) {
    // The row's own fresh object, completed rather than copied (twenty-odd keys a row).
    const staged = outcome.values;
    staged.upload_id = uploadId;
    staged.line = record.line;
    return staged;
  }
  return {
    upload_id: uploadId,
    line: record.line,
    reason: outcome.reason,
    [kind.keyColumn]: outcome.key,
    cells: record.cells.map(withoutNul),
  };
}

/**
 * Stages every data row of the file (the upload's earlier staging replaced), in the caller's
 * transaction on `client`, reporting progress as it reads, then refreshes the statistics of the
 * staged rows. A malformed file or one without data rows is a 400.
 */
export async function stageRows(
  kind: UploadKind,
  deps: UploadDeps,
  client: pg.PoolClient,
  upload: UploadRecord,
  validateRow: (cells: readonly string[]) => RowOutcome,
  mapping: UploadMapping,
): Promise<void> {
  const id = upload.id;
  const { rows: rowsTable, chunks } = kind.tables;
  const columns = stagingColumnsOf(kind);
  const mappedColumns = mappedFileColumns(mapping);
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
        if (!('values' in outcome)) invalid++;
        batch.push(stagedLine(columns, stagedRow(kind, id, record, outcome)));
        if (batch.length >= copyBatchLines) {
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
}

/** Reads the file again for the cells of rows that the whole-file checks found invalid. */
export async function restoreCells(
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
