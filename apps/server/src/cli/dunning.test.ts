import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDunningReport } from '@ops/contract';
import { createEmptyDatabase, silentLogger } from '../../test/database';
import { runTs } from '../../test/processes';
import {
  addOpenInvoice,
  addOurAccounts,
  addPayingMember,
} from '../bank-statements/import/test-support';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const cli = 'src/cli/main.ts';

describe('ops dunning run', () => {
  let databaseUrl: string;
  let database: DatabaseHandle;
  const ops = (args: string[]) => runTs(cli, args, { DATABASE_URL: databaseUrl });

  beforeAll(async () => {
    databaseUrl = await createEmptyDatabase();
    database = await openDatabase({
      databaseUrl,
      dataDir: '/nonexistent',
      role: 'cli',
      logger: silentLogger,
    });
    await migrateToLatest(database.db);
    await addOurAccounts(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('previews with --dry-run --json (nothing written), then runs and sends each level once', async () => {
    const mid = await addPayingMember(database.db, 'Hafenlogistik GmbH');
    await database.db
      .updateTable('members')
      .set({ email: 'hafen@example.org' })
      .where('mid', '=', mid)
      .execute();
    const { iid } = await addOpenInvoice(database.db, mid, 30_000, { due_date: '2026-03-01' });

    const dry = await ops(['dunning', 'run', '--as-of', '2026-03-11', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const preview = JSON.parse(dry.stdout) as TDunningReport;
    expect(preview).toMatchObject({
      asOf: '2026-03-11',
      dryRun: true,
      itemsTotal: 1,
      postal: 0,
      emailsQueued: 0,
      totals: [{ currency: 'CHF', amountMinor: '30000' }],
    });
    expect(preview.levels[0]).toMatchObject({ level: 1, invoices: 1 });
    expect(preview.items[0]).toMatchObject({ invoiceId: iid, level: 1 });
    expect(await database.db.selectFrom('dunning_notices').selectAll().execute()).toEqual([]);

    const real = await ops(['dunning', 'run', '--as-of', '2026-03-11']);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('Reminder 1 (level 1): 1');
    expect(real.stdout).toContain('E-mails queued: 1');
    const again = await ops(['dunning', 'run', '--as-of', '2026-03-11', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ itemsTotal: 0, emailsQueued: 0 });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action'])
      .where('record_id', '=', iid)
      .where('action', '=', 'dunning')
      .execute();
    expect(audit).toEqual([{ actor_kind: 'cli', action: 'dunning' }]);
  });

  it('refuses a bad --as-of with exit code 2, naming the option', async () => {
    for (const value of ['2026-02-30', 'tomorrow']) {
      const result = await ops(['dunning', 'run', '--as-of', value, '--dry-run']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--as-of');
      expect(result.stderr).toContain('YYYY-MM-DD');
    }
  });
});
