import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupInputError } from './backup-error';

const execFileAsync = promisify(execFile);

type PgTool = { path: string; major: number };

/** Where Debian (and its derivatives) put each installed PostgreSQL version's programs. */
const debianRoot = '/usr/lib/postgresql';

async function versionOf(program: string): Promise<number | null> {
  try {
    const { stdout } = await execFileAsync(program, ['--version']);
    const match = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * A pg_dump or pg_restore able to work with a server of `serverMajor`: pg_dump refuses a server
 * newer than itself, and a dump is read by a pg_restore at least as new as the pg_dump that
 * wrote it. The newest one found on PATH or in Debian's per-version folders; none → the reason
 * and what to install.
 */
export async function findPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number) {
  const candidates = new Set<string>();
  for (const folder of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    candidates.add(path.join(folder, name));
  }
  const versions = fs.existsSync(debianRoot) ? fs.readdirSync(debianRoot) : [];
  for (const version of versions) candidates.add(path.join(debianRoot, version, 'bin', name));
  const found: PgTool[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (!fs.existsSync(candidate)) continue;
    // /bin and /usr/bin are often one folder: each program once (run by the name found).
    const real = fs.realpathSync(path.dirname(candidate));
    if (seen.has(real)) continue;
    seen.add(real);
    const major = await versionOf(candidate);
    if (major !== null) found.push({ path: candidate, major });
  }
  const usable = found
    .filter((tool) => tool.major >= serverMajor)
    .sort((a, b) => b.major - a.major);
  const best = usable[0];
  if (best) return best;
  const listed = found.length
    ? ` (found: ${found.map((tool) => `${tool.path} ${tool.major}`).join(', ')})`
    : '';
  throw new BackupInputError(
    `${name} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server and none ` +
      `was found on PATH or in ${debianRoot}/<version>/bin${listed}. Install the client ` +
      `programs of PostgreSQL ${serverMajor}: on Debian or Ubuntu, the postgresql-client-${serverMajor} ` +
      `package (from apt.postgresql.org when the distribution has no such version).`,
  );
}

/**
 * A connection for PostgreSQL's programs without the password on their command line, where
 * `ps` shows it to every user of the machine: the URL without it, and PGPASSWORD.
 */
export function connectionForTools(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}
