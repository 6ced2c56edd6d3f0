import fs from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { Header, type HeaderData } from 'tar';
import { clock } from '../lib/clock';

const blockSize = 512;
const readChunkSize = 1024 * 1024;

/**
 * A tar stream written entry by entry, as PostgreSQL's own pg_basebackup does it: a file's size
 * is taken when its header is written, and the copy holds exactly that many bytes even when the
 * live cluster changes the file meanwhile (a file that shrank is padded with zeros, the part
 * that grew is left out: replaying the WAL of the backup repairs both). The tar package's Pack
 * fails on a file that shrinks, which a running cluster does (VACUUM truncates relations).
 * Headers are the tar package's own (ustar, with a pax header for long names).
 */
export class TarWriter {
  constructor(
    private readonly output: Writable,
    private readonly onBytes: (bytes: number) => void = () => undefined,
  ) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.output.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          this.output.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          this.output.off('drain', onDrain);
          reject(error);
        };
        this.output.once('drain', onDrain);
        this.output.once('error', onError);
      });
    }
  }

  private async writeHeader(data: HeaderData) {
    const header = new Header({ uid: 0, gid: 0, mtime: clock.now(), ...data });
    const block = Buffer.alloc(blockSize);
    header.encode(block, 0);
    if (header.needPax) {
      // The name does not fit ustar's fields: a pax extended header carries it.
      const body = Buffer.from(paxRecord('path', data.path ?? ''));
      const paxHeader = new Header({
        path: 'PaxHeader',
        type: 'ExtendedHeader',
        size: body.length,
        mode: 0o644,
        mtime: clock.now(),
      });
      const paxBlock = Buffer.alloc(blockSize);
      paxHeader.encode(paxBlock, 0);
      await this.write(paxBlock);
      await this.writePadded(body);
    }
    await this.write(block);
  }

  private async writePadded(body: Buffer): Promise<void> {
    await this.write(body);
    const padding = (blockSize - (body.length % blockSize)) % blockSize;
    if (padding > 0) await this.write(Buffer.alloc(padding));
  }

  async addDirectory(name: string, mode = 0o700): Promise<void> {
    await this.writeHeader({
      path: name.endsWith('/') ? name : `${name}/`,
      type: 'Directory',
      mode,
      size: 0,
    });
  }

  async addBuffer(name: string, body: Buffer, mode = 0o600): Promise<void> {
    await this.writeHeader({ path: name, type: 'File', mode, size: body.length });
    await this.writePadded(body);
    this.onBytes(body.length);
  }

  /**
   * Copies a file of the live cluster. Returns false when it vanished before it could be opened
   * (a dropped table, a removed temporary file): nothing is written for it then.
   */
  async addFile(name: string, source: string): Promise<boolean> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const stat = await handle.stat();
      const size = stat.size;
      await this.writeHeader({
        path: name,
        type: 'File',
        mode: stat.mode & 0o7777,
        size,
        mtime: stat.mtime,
      });
      let position = 0;
      while (position < size) {
        const buffer = Buffer.alloc(Math.min(readChunkSize, size - position));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) break;
        await this.write(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
        position += bytesRead;
        this.onBytes(bytesRead);
      }
      // Shrunk while being read: zeros up to the size the header announced.
      if (position < size) await this.write(Buffer.alloc(size - position));
      const padding = (blockSize - (size % blockSize)) % blockSize;
      if (padding > 0) await this.write(Buffer.alloc(padding));
      return true;
    } finally {
      await handle.close();
    }
  }

  /** Two zero blocks end a tar archive. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(blockSize * 2));
  }
}

/** A pax record is "<length> key=value\n", the length counting its own digits. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  const restLength = Buffer.byteLength(rest);
  let length = restLength + String(restLength).length;
  if (String(length).length !== String(restLength).length) length += 1;
  return `${length}${rest}`;
}
