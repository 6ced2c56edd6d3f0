import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { BackupInputError } from './backup-error';
import { sidecarPath } from './backup-file';
import type { BackupFormat } from './create-backup';
import { manifestEntryName, type BackupManifest } from './manifest';

/** What a file's first bytes say it is: a gzip stream (base backup) or pg_dump's custom format. */
export async function detectFormat(file: string): Promise<BackupFormat> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    throw new BackupInputError(`${file}: cannot read it (${(error as Error).message}).`);
  }
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'base-backup';
    if (bytesRead === 5 && head.toString('latin1') === 'PGDMP') return 'pg-dump';
    throw new BackupInputError(
      `${file} is not an Operations backup: neither a base backup (.tar.gz) nor a pg_dump ` +
        `custom-format file (.dump).`,
    );
  } finally {
    await handle.close();
  }
}

/**
 * Compares the file with its `<file>.sha256` when there is one: a damaged or truncated copy is
 * refused before anything is touched. Returns whether a checksum was checked.
 */
export async function verifyChecksum(file: string): Promise<boolean> {
  let expected: string;
  try {
    expected = (await fs.promises.readFile(sidecarPath(file), 'utf8')).trim().split(/\s+/)[0] ?? '';
  } catch {
    return false;
  }
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  const actual = hash.digest('hex');
  if (actual !== expected.toLowerCase()) {
    throw new BackupInputError(
      `${file} does not match its checksum (${sidecarPath(file)}: ${expected}, the file: ` +
        `${actual}): the copy is damaged or incomplete. Use another backup.`,
    );
  }
  return true;
}

/** The manifest, the first entry of a base backup; a file without one is not ours. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const notOurs = (reason: string) =>
    new BackupInputError(`${file} is not a readable Operations base backup (${reason}).`);
  const parser = new Parser();
  let manifest: BackupManifest | undefined;
  let reason = 'no manifest';
  const found = new Promise<void>((resolve) => {
    parser.on('entry', (entry: ReadEntry) => {
      if (entry.path !== manifestEntryName) {
        reason = `its first entry is ${entry.path}, not ${manifestEntryName}`;
        entry.resume();
        resolve();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        try {
          manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        } catch {
          reason = 'its manifest is not JSON';
        }
        resolve();
      });
    });
  });
  const source = fs.createReadStream(file);
  const gunzip = createGunzip();
  const reading = pipeline(source, gunzip, parser).catch((error: Error) => {
    if (!manifest) reason = error.message;
  });
  // Only the first entry is needed: stop reading once it is there (or the stream ends).
  await Promise.race([found, reading]);
  source.destroy();
  await reading;
  const parsed = manifest;
  if (!parsed || parsed.format !== 'base-backup' || !Number.isInteger(parsed.postgresMajor)) {
    throw notOurs(parsed ? 'its manifest is not a base backup' : reason);
  }
  return parsed;
}
