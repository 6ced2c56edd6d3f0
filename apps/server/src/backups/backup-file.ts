import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export type BackupFileWriter = {
  /** Where the backup's bytes go (through gzip first when asked). */
  input: Writable;
  /** Ends the input, waits for the file, then gives it its name and writes the sidecar. */
  finish(): Promise<{ bytes: number; sha256: string }>;
  /** Removes what was written: no half backup is left under a backup's name. */
  abort(): Promise<void>;
};

/** `<file>.sha256` in `sha256sum` format, so that `sha256sum -c` checks the backup as well. */
export function sidecarPath(file: string): string {
  return `${file}.sha256`;
}

/**
 * Opens a backup file for writing. It is written under a temporary name, owner-only (a backup
 * holds every member's data and the cluster's passwords), hashed while written, and renamed
 * when complete, so a listing of BACKUP_DIR never shows a half-written backup.
 */
export async function openBackupFile(file: string, options: { gzip: boolean }) {
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial-${process.pid}`;
  const output = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  await new Promise<void>((resolve, reject) => {
    output.once('open', () => resolve());
    output.once('error', reject);
  });
  const hash = createHash('sha256');
  let bytes = 0;
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const input = options.gzip ? createGzip({ level: 6 }) : new PassThrough();
  const done = pipeline(input, hasher, output);
  // Until finish() awaits it, a failure must not be an unhandled rejection.
  done.catch(() => undefined);

  const writer: BackupFileWriter = {
    input,
    async finish() {
      input.end();
      await done;
      const sha256 = hash.digest('hex');
      await fs.promises.rename(partial, file);
      await fs.promises.writeFile(sidecarPath(file), `${sha256}  ${path.basename(file)}\n`, {
        mode: 0o600,
      });
      return { bytes, sha256 };
    },
    async abort() {
      input.destroy();
      await done.catch(() => undefined);
      await fs.promises.rm(partial, { force: true });
    },
  };
  return writer;
}
