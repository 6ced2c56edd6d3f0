import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
export const serverRoot = path.resolve(import.meta.dirname, '..');

/** A DATA_DIR that does not exist yet, under a folder the 'postgres' user can traverse. */
export function newDataDir(): string {
  const parent = fs.mkdtempSync(path.join(inject('scratchDir'), 'datadir-'));
  fs.chmodSync(parent, 0o755);
  return path.join(parent, 'data');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ProcessResult = { code: number | null; stdout: string; stderr: string };

/**
 * The server's two entry points, as the tests start them: bundled once for the run by
 * test/global-setup.ts with the production build's own options (server-bundle.ts), into
 * apps/server/dist-test. A process from the bundle is ready in about a second; through tsx,
 * which reads and compiles the sources at every start, it took four to six (issue 36).
 */
export const bundledEntries = { 'src/main.ts': 'main.js', 'src/cli/main.ts': 'cli.js' } as const;
export type ServerEntry = keyof typeof bundledEntries;

/** The bundled file `node` runs for `entry`. */
export function bundledEntryPath(entry: ServerEntry): string {
  return path.join(inject('serverBundleDir'), bundledEntries[entry]);
}

/** Runs an entry point of the server (the CLI, or the server itself) to its end. */
export function runTs(
  entry: ServerEntry,
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundledEntryPath(entry), ...args], {
      cwd: serverRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** Starts an entry point of the server (usually the server) and collects what it prints. */
export function startTs(
  entry: ServerEntry,
  env: Record<string, string>,
): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [bundledEntryPath(entry)], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

export async function waitForReady(
  url: string,
  child: ChildProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

export function waitForExit(child: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  // A process ended by a signal has no exit code, only its signal: it has exited all the same.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('process did not exit in time')), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
