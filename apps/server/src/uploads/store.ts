import type { TUploadView } from '@ops/contract';
import { sql } from 'kysely';
import type { Actor } from '../db/audit';
import { AppError, badInput } from '../errors';
import { textProblem } from '../lib/storable-text';
import { idGenerator } from './ids';
import type { UploadDeps, UploadKind } from './kind';
import { describeHead, storeFile, UploadTooLargeError } from './upload-file';
import { table } from './upload-record';
import { getUpload } from './view';
import { machineTime } from '../lib/clock';

/** The first stage of an upload: its file, stored in the database as it streams in. */

/** Uploads are kept this long (their file, rows and report), then removed by the next upload. */
const keepDays = 30;

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
             WHERE created_at < ${new Date(machineTime.nowMs() - keepDays * 86_400_000)}`.execute(
    deps.db,
  );
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
