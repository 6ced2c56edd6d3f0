import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/database';
import { newDataDir, repositoryRoot, runTs } from '../../test/processes';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { cliEntry, cliOnEmptyDatabase } from './test-support';

describe('the command line', () => {
  const cli = cliOnEmptyDatabase();
  const { ops } = cli;
  /** Runs a command that must succeed, writing nothing to standard error; answers its output. */
  const succeeds = async (args: string[]) => {
    const result = await ops(args);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return result.stdout;
  };

  it('lists every command of the operating contract in --help', async () => {
    const top = await ops(['--help']);
    expect(top.code).toBe(0);
    for (const command of ['users', 'operators', 'seed', 'search'])
      expect(top.stdout).toContain(command);
    const operators = await ops(['operators', '--help']);
    expect(operators.stdout).toMatch(/add \[options\] <email>/);
    expect(operators.stdout).toMatch(/remove <email>/);
    expect((await ops(['users', 'add', '--help'])).stdout).toMatch(
      /--password <password>[\s\S]*--name <display name>/,
    );
    expect((await ops(['seed', 'demo', '--help'])).stdout).toMatch(/--scale <members>/);
    expect((await ops(['search', '--help'])).stdout).toMatch(/reindex/);
  });

  it('runs from its sources as `npm run ops` (the README’s command), as well as bundled', async () => {
    // Every other test runs the CLI's bundle (test/processes.ts); this one runs what an
    // operator types, through tsx, so the command of the operating contract stays proven.
    const result = spawnSync('npm', ['run', '--silent', 'ops', '--', 'operators', '--help'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: cli.database.connectionString },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/add \[options\] <email>/);
  });

  it('refuses an unknown command, naming it', async () => {
    const result = await ops(['frobnicate']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
  });

  it('refuses an invalid e-mail address with exit code 2', async () => {
    const result = await ops(['operators', 'add', 'not-an-email', '--roles', 'admin']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"not-an-email" is not a valid e-mail address.');
  });

  it('refuses a weak password with exit code 2 and creates nothing', async () => {
    const short = await ops(['users', 'add', 'weak@example.org', '--password', 'abc123']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('The password must be at least 12 characters long.');
    const common = await ops(['users', 'add', 'weak@example.org', '--password', 'password1234']);
    expect(common.code).toBe(2);
    expect(common.stderr).toMatch(
      /The password (is a commonly used password|is too easy to guess)/,
    );
    const users = await cli.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'weak@example.org')
      .execute();
    expect(users).toEqual([]);
  });

  it('adds an operator, creating the user with an argon2id password, and audits it', async () => {
    const added = ['Anna.Keller@Example.org', '--password', 'harbour-crane-velvet-94'];
    expect(await succeeds(['operators', 'add', ...added, '--roles', 'admin'])).toContain(
      'anna.keller@example.org (no name) is now an operator with roles: admin (new user created); password set.',
    );

    const user = await cli.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'anna.keller@example.org')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.sign_in_methods).toEqual(['password']);
    const operator = await cli.database.db
      .selectFrom('operators')
      .selectAll()
      .where('uid', '=', user.uid)
      .executeTakeFirst();
    expect(operator?.roles).toEqual(['admin']);
    const audit = await cli.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', user.uid)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.table_name, entry.action, entry.actor_kind])).toEqual([
      ['users', 'create', 'cli'],
      ['operators', 'create', 'cli'],
    ]);
    expect(JSON.stringify(audit)).not.toContain('argon2');

    const again = await ops(['operators', 'add', 'anna.keller@example.org', '--roles', 'admin']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      'anna.keller@example.org (no name) is already an operator with roles: admin.',
    );
  });

  const operatorOf = (email: string) =>
    cli.database.db
      .selectFrom('operators')
      .innerJoin('users', 'users.uid', 'operators.uid')
      .select(['operators.roles', 'users.display_name'])
      .where('users.email', '=', email)
      .executeTakeFirst();

  it('gives the roles and the name asked for with --roles and --name, and says so', async () => {
    const bea = ['operators', 'add', 'bea.roth@example.org'];
    expect(
      await succeeds([...bea, '--roles', 'finance, membership', '--name', 'Bea Roth']),
    ).toContain(
      'bea.roth@example.org (Bea Roth) is now an operator with roles: finance, membership (new user created).',
    );
    expect(await operatorOf('bea.roth@example.org')).toEqual({
      roles: ['finance', 'membership'],
      display_name: 'Bea Roth',
    });

    // Run again with other roles: the operator keeps its own, and the output says so.
    const again = await ops([...bea, '--roles', 'admin', '--name', 'Beatrice Roth']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      'bea.roth@example.org (Beatrice Roth) is already an operator with roles: finance, membership (roles unchanged',
    );
    expect(await operatorOf('bea.roth@example.org')).toEqual({
      roles: ['finance', 'membership'],
      display_name: 'Beatrice Roth',
    });
  });

  it('without --roles makes an admin, as the operating contract says, and says so aloud', async () => {
    const result = await ops(['operators', 'add', 'no.roles@example.org']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(
      'no.roles@example.org (no name) is now an operator with roles: admin (the default without --roles) (new user created).',
    );
    expect((await operatorOf('no.roles@example.org'))?.roles).toEqual(['admin']);
    const help = await ops(['operators', 'add', '--help']);
    expect(help.stdout).toMatch(/--roles <roles>\s+comma-separated operator roles/);
    expect(help.stdout).toContain('Without --roles the operator is an admin');
  });

  it('refuses an unknown role with exit code 2, naming it, and creates nothing', async () => {
    const result = await ops([
      'operators',
      'add',
      'bad.role@example.org',
      '--roles',
      'finance,boss',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'Unknown role "boss" in --roles; the roles are: admin, finance, membership, read-only.',
    );
    expect(await operatorOf('bad.role@example.org')).toBeUndefined();
    const user = await cli.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'bad.role@example.org')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('reads the password from standard input with --password -', async () => {
    const result = await ops(
      ['users', 'add', 'stdin@example.org', '--password', '-', '--name', 'Piped Password'],
      'quay-lantern-orbit-51\n',
    );
    expect(result.code).toBe(0);
    const user = await cli.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'stdin@example.org')
      .executeTakeFirstOrThrow();
    expect(user.display_name).toBe('Piped Password');
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses to add a user twice', async () => {
    expect((await ops(['users', 'add', 'twice@example.org'])).code).toBe(0);
    const second = await ops(['users', 'add', 'twice@example.org']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('A user with the e-mail twice@example.org already exists.');
  });

  it('removes an operator, keeping the user', async () => {
    await ops(['operators', 'add', 'leaving@example.org', '--roles', 'read-only']);
    const removed = await ops(['operators', 'remove', 'leaving@example.org']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('leaving@example.org is no longer an operator.');
    const { rows } = await sql<{ is_operator: boolean }>`
      SELECT EXISTS (SELECT 1 FROM operators o JOIN users u USING (uid) WHERE u.email = 'leaving@example.org') AS is_operator`.execute(
      cli.database.db,
    );
    expect(rows[0]?.is_operator).toBe(false);
    const again = await ops(['operators', 'remove', 'leaving@example.org']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('leaving@example.org is not an operator.');
  });

  it('rebuilds the search index and prints the finished task', async () => {
    const task = JSON.parse(await succeeds(['search', 'reindex'])) as {
      status: string;
      processed: number;
      perType: Record<string, number>;
    };
    const users = await cli.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('succeeded');
    expect(task.perType.profile).toBe(Number(users.count));
    expect(task.processed).toBeGreaterThan(0);
  });
});

describe('the command line beside a running server', () => {
  let server: RunningServer;
  const dataDir = newDataDir();

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED: 'none' });
    server = await startServer(config, silentLogger);
  });
  afterAll(() => server.stop());

  it('adds an operator through the running server’s database', async () => {
    const result = await runTs(
      cliEntry,
      ['operators', 'add', 'beside@example.org', '--roles', 'admin'],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const user = await server.database.db
      .selectFrom('users')
      .innerJoin('operators', 'operators.uid', 'users.uid')
      .select('users.email')
      .where('users.email', '=', 'beside@example.org')
      .executeTakeFirst();
    expect(user).toEqual({ email: 'beside@example.org' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200); // the server kept running
  });

  it('rebuilds the index with the server running (its worker or the CLI runs the task)', async () => {
    const result = await runTs(cliEntry, ['search', 'reindex'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'succeeded',
      perType: { profile: 1 },
    });
  });
});
