import fs from 'node:fs';
import path from 'node:path';
import { machineTime } from '../lib/clock';

/**
 * Who runs the embedded PostgreSQL of a DATA_DIR: one process at a time (a server, or the CLI
 * while no server runs). Others read the file to reach the running database instead of touching
 * its files, which is how the CLI works beside a running server.
 */
export type DataDirOwner = {
  pid: number;
  role: 'server' | 'cli';
  /** Port of the running PostgreSQL; null while it is starting. */
  port: number | null;
  startedAt: string;
};

export function ownerFilePath(dataDir: string): string {
  return path.join(dataDir, 'owner.json');
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live owner of the data directory, or null (a stale file of a dead process is ignored). */
export function readOwner(dataDir: string): DataDirOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(ownerFilePath(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const owner = JSON.parse(text) as DataDirOwner;
    return typeof owner.pid === 'number' && isProcessAlive(owner.pid) ? owner : null;
  } catch {
    // Half-written by a process that is just creating it: treat as owned, port unknown yet.
    return { pid: -1, role: 'server', port: null, startedAt: '' };
  }
}

/**
 * Takes ownership atomically (exclusive create), replacing a stale file of a dead process.
 * Returns the live owner instead when somebody else holds it.
 */
export function tryAcquireOwnership(
  dataDir: string,
  role: DataDirOwner['role'],
): { acquired: true } | { acquired: false; owner: DataDirOwner } {
  const file = ownerFilePath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const owner: DataDirOwner = {
        pid: process.pid,
        role,
        port: null,
        startedAt: machineTime.now().toISOString(),
      };
      fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      return { acquired: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(dataDir);
      if (owner) return { acquired: false, owner };
      fs.rmSync(file, { force: true });
    }
  }
  const owner = readOwner(dataDir);
  if (owner) return { acquired: false, owner };
  throw new Error(`Could not take ownership of ${dataDir}: ${file} keeps reappearing`);
}

export function publishPort(dataDir: string, port: number): void {
  const file = ownerFilePath(dataDir);
  const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as DataDirOwner;
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ ...owner, port }), { mode: 0o600 });
  fs.renameSync(temporary, file);
}

export function releaseOwnership(dataDir: string): void {
  const file = ownerFilePath(dataDir);
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as DataDirOwner;
    if (owner.pid === process.pid) fs.rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}
