import { cliEntry } from './paths';
import { spawnTracked, terminate, waitForExit } from './processes';

/** Runs `npm run ops -- <args>` (without npm's own start-up) on a DATA_DIR; returns its output. */
export async function runOps(args: string[], dataDir: string, timeoutMs = 60_000) {
  const cli = spawnTracked(process.execPath, ['--import', 'tsx', cliEntry, ...args], {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  try {
    const code = await waitForExit(cli.child, timeoutMs);
    if (code !== 0) throw new Error(`ops ${args.join(' ')} exited with ${code}:\n${cli.output()}`);
    return cli.output();
  } finally {
    await terminate(cli.child);
  }
}

/** An operator with a password, made by the CLI as a person would. */
export async function addOperator(dataDir: string, email: string, password: string) {
  await runOps(
    ['operators', 'add', email, '--roles', 'admin', '--password', password],
    dataDir,
    120_000,
  );
}

/** Signs an operator in by password; returns the Cookie header value of the session. */
export async function signInCookie(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}
