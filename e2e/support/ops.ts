import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the command line (`npm run ops -- …`) against the test server's DATA_DIR; while the server
 * runs, the CLI goes through its database, as an operator's terminal would.
 */
export function ops(...args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: path.join(process.env.E2E_DATA_PARENT ?? '', 'data'),
        // The links it prints for the member portal lead to the test server's portal.
        ...(process.env.E2E_PORTAL_PORT ? { PORTAL_PORT: process.env.E2E_PORTAL_PORT } : {}),
      },
    },
  );
}
