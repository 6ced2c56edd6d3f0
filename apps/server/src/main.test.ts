import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, newDataDir, runTs, startTs, waitForExit, waitForReady } from '../test/processes';

const main = 'src/main.ts';

describe('the server process', () => {
  it('starts on an embedded PostgreSQL, answers /readyz, and stops cleanly on SIGTERM', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const server = startTs(main, {
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'info',
    });
    try {
      await waitForReady(`http://localhost:${port}`, server);
      const ready = await (await fetch(`http://localhost:${port}/readyz`)).json();
      expect(ready).toMatchObject({ status: 'ready', database: 'reachable' });
      expect(server.output()).toContain(`Operations is ready at http://localhost:${port}`);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
    } finally {
      server.kill('SIGTERM');
    }
    expect(await waitForExit(server)).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'owner.json'))).toBe(false);
  });

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = startTs(main, { DATA_DIR: dataDir, PORT: String(port), SEED: 'none' });
    try {
      await waitForReady(`http://localhost:${port}`, first);
      const second = await runTs(main, [], {
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        SEED: 'none',
      });
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(
        `DATA_DIR ${dataDir} is already in use by another Operations server (pid ${first.pid})`,
      );
      expect((await fetch(`http://localhost:${port}/readyz`)).status).toBe(200);
    } finally {
      first.kill('SIGTERM');
      await waitForExit(first);
    }
  });

  it('stops at start with a message naming an invalid variable', async () => {
    const result = await runTs(main, [], { PORT: 'eighty', DATA_DIR: newDataDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toMatch(/PORT: /);
  });
});
