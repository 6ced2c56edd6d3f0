import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { repositoryRoot, serverEntry } from './paths';

/** Every child still running, so an interrupted run can stop them before exiting. */
const running = new Set<ChildProcess>();

export type TrackedProcess = {
  child: ChildProcess;
  /** The last lines of stdout and stderr, for error messages. */
  output(): string;
};

const keptOutputChars = 8_000;

export function spawnTracked(
  command: string,
  args: string[],
  env: Record<string, string>,
): TrackedProcess {
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptOutputChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`pid ${child.pid} did not exit within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** SIGTERM (the server stops HTTP, then PostgreSQL), then SIGKILL if it hangs. */
export async function terminate(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  try {
    await waitForExit(child, timeoutMs);
  } catch {
    child.kill('SIGKILL');
    await waitForExit(child, 5_000).catch(() => undefined);
  }
}

export async function terminateAll(): Promise<void> {
  await Promise.all([...running].map((child) => terminate(child, 15_000)));
}

/** A port nobody listens on right now (the OS picks it), for PORT. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ServerHandle = TrackedProcess & {
  url: string;
  /** Milliseconds from spawn to the first 200 on /readyz. */
  readyMs: number;
  stop(): Promise<void>;
};

export type ServerOptions = {
  dataDir: string;
  seed: 'demo' | 'none';
  timeoutMs?: number;
  /** More environment for the server (DATABASE_URL, SMTP_URL…). */
  env?: Record<string, string>;
};

const pollEveryMs = 20;

/** Spawns the production bundle the way `npm start` runs it and waits until it is ready. */
export async function startServer(options: ServerOptions): Promise<ServerHandle> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const startedAt = performance.now();
  const tracked = spawnTracked(process.execPath, [serverEntry], {
    PORT: String(port),
    // The member portal's listener on a free port as well: benchmarks run servers side by side.
    PORTAL_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED: options.seed,
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const { child } = tracked;
  const stop = () => terminate(child);
  try {
    while (true) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n` +
            tracked.output(),
        );
      }
      if (performance.now() - startedAt > timeoutMs) {
        throw new Error(`the server was not ready within ${timeoutMs} ms:\n${tracked.output()}`);
      }
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) {
          return { ...tracked, url, readyMs: performance.now() - startedAt, stop };
        }
      } catch {
        // Not listening yet.
      }
      await sleep(pollEveryMs);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A server on a seeded DATA_DIR with its member portal on a port of its own, PORTAL_URL naming
 * it (the portal's Origin check and its links): what the portal benchmarks talk to.
 */
export async function startPortalServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ server: ServerHandle; portalUrl: string }> {
  const portalPort = await freePort();
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  const server = await startServer({
    dataDir,
    seed: 'none',
    env: { PORTAL_PORT: String(portalPort), PORTAL_URL: portalUrl, ...env },
  });
  return { server, portalUrl };
}
