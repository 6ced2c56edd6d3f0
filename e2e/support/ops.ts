import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the command line (`npm run ops -- …`) against the test server's DATA_DIR; while the server
 * runs, the CLI goes through its database, as an operator's terminal would. It runs the
 * production build's CLI, dist/cli.js, built with the server the tests drive: ready in about a
 * second, where compiling the sources through tsx took four to six seconds a call (issue 36).
 */
export function ops(...args: string[]): string {
  return execFileSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: path.join(process.env.E2E_DATA_PARENT ?? '', 'data'),
      // The links it prints for the member portal lead to the test server's portal.
      ...(process.env.E2E_PORTAL_PORT ? { PORTAL_PORT: process.env.E2E_PORTAL_PORT } : {}),
    },
  });
}
