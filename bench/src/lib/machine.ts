import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { repositoryRoot } from './paths';

export type Machine = {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
};

export type Revision = {
  commit: string;
  /** Uncommitted changes were present: the figures may not match `commit` exactly. */
  isDirty: boolean;
};

function distribution(): string | undefined {
  try {
    const release = fs.readFileSync('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
  } catch {
    return undefined;
  }
}

export function describeMachine(): Machine {
  const kernel = `${os.type()} ${os.release()} ${os.arch()}`;
  const name = distribution();
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: name ? `${name} (${kernel})` : kernel,
  };
}

/** Same hardware and software: figures from such runs can share one table without a caveat. */
export function isSameMachine(a: Machine, b: Machine): boolean {
  return a.cpu === b.cpu && a.cores === b.cores && a.memoryGiB === b.memoryGiB && a.node === b.node;
}

export function describeRevision(): Revision {
  const git = (args: string[]) =>
    execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).trim();
  try {
    return { commit: git(['rev-parse', 'HEAD']), isDirty: git(['status', '--porcelain']) !== '' };
  } catch {
    return { commit: 'unknown', isDirty: false };
  }
}
