import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  bundledEntryPath,
  freePort,
  newDataDir,
  runTs,
  serverRoot,
  startTs,
  waitForExit,
  waitForReady,
  type ServerEntry,
} from '../test/processes';
import { DEMO_OPERATOR_EMAIL } from './seed';

const main = 'src/main.ts' satisfies ServerEntry;

/**
 * The server as `npm start` runs it in a terminal: util-linux's `script` gives it a real pseudo
 * terminal (the banner's link and the readable log lines are for terminals only).
 */
function startInTerminal(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(
    'script',
    ['-qfec', `${process.execPath} ${bundledEntryPath(main)}`, '/dev/null'],
    {
      cwd: serverRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Colours are for people; the assertions read the text.
  return Object.assign(child, { output: () => stripVTControlCharacters(output) });
}

/** The server's own pid, as it wrote it into DATA_DIR (under `script` it is not our child). */
function serverPid(dataDir: string): number {
  return (JSON.parse(fs.readFileSync(path.join(dataDir, 'owner.json'), 'utf8')) as { pid: number })
    .pid;
}

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

  it('first start without SMTP_URL: demo data, a banner with a working sign-in link, no e-mail sent', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const url = `http://localhost:${port}`;
    // No SEED: an empty embedded database gets the demo data set, as `npm start` does, in a
    // terminal (no LOG_FORMAT: a terminal gets readable lines by itself).
    const server = startInTerminal({
      DATA_DIR: dataDir,
      PORT: String(port),
      SMTP_URL: '',
      LOG_LEVEL: 'info',
    });
    try {
      await waitForReady(url, server, 180_000);
      await expect.poll(() => /oobCode=\S+/.test(server.output()), { timeout: 10_000 }).toBe(true);
      const output = server.output();
      expect(output).toContain(`Operations is ready at ${url}`);
      expect(output).toContain(`npm run ops -- sign-in-link ${DEMO_OPERATOR_EMAIL}`);
      // Human-readable log lines, not JSON.
      expect(output).toMatch(/INFO: server ready /);
      expect(output).not.toMatch(/^\{"level"/m);
      const links = output.match(/http:\/\/\S+oobCode=\S+/g) ?? [];
      expect(links).toHaveLength(1);
      const link = new URL(links[0] ?? '');
      const email = link.searchParams.get('email') ?? '';
      const code = link.searchParams.get('oobCode') ?? '';
      expect(email).toBe(DEMO_OPERATOR_EMAIL);
      // Printed once: on the banner's line only, never in a log line.
      expect(output.split(code)).toHaveLength(2);

      // The link works once, as the sign-in page of a fresh browser completes it: with the
      // e-mail the link names, no prompt (accepted for a code printed to the terminal only).
      const complete = () =>
        fetch(`${url}/api/auth/email-link/complete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ email, code, emailFromLink: true }),
        });
      const signedIn = await complete();
      expect(signedIn.status).toBe(200);
      const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect((await complete()).status).toBe(400);

      // The demo's e-mails are history: nothing waits, nothing was "delivered" to the terminal.
      const emails = async (query: string) => {
        const response = await fetch(`${url}/api/emails?${query}`, { headers: { cookie } });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: unknown[] }).data;
      };
      expect((await emails('limit=1')).length).toBe(1);
      expect(await emails('state=PENDING,PROCESSING,RETRY')).toEqual([]);
      expect(await emails('deliveryMode=log')).toEqual([]);
      expect(server.output()).not.toContain('E-mail not sent');
    } finally {
      process.kill(serverPid(dataDir), 'SIGTERM');
    }
    expect(await waitForExit(server)).toBe(0);

    // Off a terminal (a service's journal keeps what it prints): the banner names the command
    // that prints a link, and prints none itself.
    const again = startTs(main, { DATA_DIR: dataDir, PORT: String(port), SMTP_URL: '' });
    try {
      await waitForReady(url, again, 120_000);
      await expect
        .poll(() => again.output().includes('printed only to a terminal'), { timeout: 10_000 })
        .toBe(true);
      expect(again.output()).toContain(`npm run ops -- sign-in-link ${DEMO_OPERATOR_EMAIL}`);
      expect(again.output()).not.toContain('oobCode');
      // A link asked for by e-mail (issue 31): without SMTP_URL it is shown where the server
      // writes, and that is kept; so its code is redacted there, and the command is named.
      const asked = await fetch(`${url}/api/auth/email-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: DEMO_OPERATOR_EMAIL, continueUrl: `${url}/` }),
      });
      expect(asked.status).toBe(200);
      await expect
        .poll(() => again.output().includes('E-mail not sent'), { timeout: 20_000 })
        .toBe(true);
      expect(again.output()).toContain('oobCode=[redacted]');
      expect(again.output()).not.toMatch(/oobCode=(?!\[redacted\])/);
      expect(again.output()).toContain('npm run ops -- sign-in-link <email>');
    } finally {
      again.kill('SIGTERM');
    }
    expect(await waitForExit(again)).toBe(0);
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
