import type { TUploadView, UploadMapping } from '@ops/contract';
import { sql } from 'kysely';
import type pg from 'pg';
import { reusePlansForBulkWriteSql } from '../db/transaction';
import { AppError } from '../errors';
import { idGenerator } from './ids';
import type { UploadDeps, UploadKind } from './kind';
import { restoreCells, stageRows } from './staging';
import {
  claim,
  clearProgress,
  findUploadForStep,
  lockStep,
  setStatus,
  writeProgress,
  type UploadRecord,
} from './upload-record';
import { getUpload } from './view';

/** A mapping the kind cannot use (a required field unmapped…) is a 400 naming each field. */
function refuseMappingProblems(kind: UploadKind, mapping: UploadMapping, columnCount: number) {
  const problems = kind.mappingProblems(mapping, columnCount);
  if (problems.length > 0) {
    throw new AppError('invalid-argument', problems.map((p) => p.message).join(' '), {
      issues: problems.map((p) => ({
        path: `body.mapping.${p.field}`,
        rule: 'mapping',
        message: p.message,
      })),
    });
  }
}

/**
 * Numbers that appear on several lines: none of those rows can be trusted to be the one.
 * Grouped (a hash of the numbers) rather than a window over every row: only the numbers
 * seen twice come out, usually none.
 */
async function refuseRepeatedKeys(kind: UploadKind, client: pg.PoolClient, id: string) {
  const rowsTable = kind.tables.rows;
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
}

/**
 * The staged rows checked as a whole, in the validation's transaction: repeated numbers, then
 * the kind's own checks; the rows found invalid get their cells back; answers the counts.
 */
async function checkWholeFile(
  kind: UploadKind,
  deps: UploadDeps,
  client: pg.PoolClient,
  upload: UploadRecord,
  mapping: UploadMapping,
) {
  const id = upload.id;
  await refuseRepeatedKeys(kind, client, id);
  await kind.checkStaged(client, id, mapping);
  // Rows found invalid only now were staged without their cells: read those lines again.
  await restoreCells(kind, client, deps.pool, id, upload);
  return kind.countStaged(client, id, mapping);
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
  const upload = await findUploadForStep(kind, deps.db, id);
  refuseMappingProblems(kind, mapping, upload.header.length);
  await claim(
    kind,
    deps,
    id,
    'validating',
    ['uploaded', 'validated'],
    sql`, mapping = ${JSON.stringify(mapping)}, validation = NULL`,
  );
  await writeProgress(kind, deps.db, id, {
    phase: 'validating',
    done: 0,
    total: upload.byte_size,
    rows: 0,
    invalid: 0,
  });

  const client = await deps.pool.connect();
  let failed = false;
  try {
    const validateRow = await kind.prepareRows(deps, mapping, idGenerator());
    await client.query('BEGIN');
    // Held until this transaction ends: a validation whose instance died is found by its free lock.
    await lockStep(kind, client, id);
    // The COPY checks each staged row's foreign key to its upload: with the plan kept.
    await client.query(reusePlansForBulkWriteSql);
    await stageRows(kind, deps, client, upload, validateRow, mapping);
    const validation = await checkWholeFile(kind, deps, client, upload, mapping);
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
