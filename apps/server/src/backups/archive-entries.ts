import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { BackupInputError } from './backup-error';

/**
 * The kinds of tar entry a base backup is made of (`tar-writer.ts` writes files and folders and
 * nothing else). Old and contiguous files are plain files by other names.
 */
const acceptedTypes = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/** What a tar entry of another kind is, in words. */
const typeNames: Record<string, string> = {
  SymbolicLink: 'a symbolic link',
  Link: 'a hard link',
  CharacterDevice: 'a character device',
  BlockDevice: 'a block device',
  FIFO: 'a named pipe',
};

/** Why an entry's name is refused, or null: no absolute paths, no `..`, nothing outside. */
function refusedName(name: string): string | null {
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'an absolute path';
  if (name.split(/[/\\]/).includes('..')) return 'a path that climbs out of its folder (..)';
  return null;
}

/**
 * Reads the whole archive once before anything is written (issue 31): every entry must be a
 * plain file or a folder under a relative name. A link (symbolic or hard, even one pointing
 * inside the cluster), a device or a pipe would let a doctored backup make the restore write, or
 * PostgreSQL read and write, somewhere else than the new cluster; the first one found is named
 * and the restore is refused. A damaged archive is refused here too, so nothing half-unpacked is
 * ever left behind.
 */
export async function checkArchiveEntries(file: string): Promise<{ entries: number }> {
  let entries = 0;
  let refusal: BackupInputError | undefined;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      entries += 1;
      if (!refusal) {
        const why = acceptedTypes.has(entry.type)
          ? refusedName(entry.path)
          : (typeNames[entry.type] ?? `an entry of type ${entry.type}`);
        if (why) {
          refusal = new BackupInputError(
            `${file} holds ${entry.path}, ${why}: a backup holds only files and folders. ` +
              `Nothing was restored; use a backup made by \`ops backup\`.`,
          );
        }
      }
      entry.resume();
    },
  });
  await pipeline(fs.createReadStream(file), createGunzip(), parser).catch((error: Error) => {
    throw new BackupInputError(`${file} could not be unpacked: ${error.message}`);
  });
  if (refusal) throw refusal;
  return { entries };
}

/** For the extraction itself: the same rule, so that nothing else is ever written. */
export function isPlainEntry(entry: { type: string; path: string }): boolean {
  return acceptedTypes.has(entry.type) && refusedName(entry.path) === null;
}
