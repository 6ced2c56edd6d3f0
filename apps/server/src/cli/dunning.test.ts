import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TDunningReport } from '@ops/contract';
import {
  addOpenInvoice,
  addOurAccounts,
  addPayingMember,
} from '../bank-statements/import/test-support';
import { cliOnEmptyDatabase } from './test-support';
import { runDunning } from '../dunning';
import { loadCountries } from '../seed/countries';
import { pdfText } from '../../test/pdf-text';

describe('ops dunning run', () => {
  const cli = cliOnEmptyDatabase({ setup: addOurAccounts });
  const { ops } = cli;

  it('previews with --dry-run --json (nothing written), then runs and sends each level once', async () => {
    const mid = await addPayingMember(cli.database.db, 'Hafenlogistik GmbH');
    await cli.database.db
      .updateTable('members')
      .set({ email: 'hafen@example.org' })
      .where('mid', '=', mid)
      .execute();
    const { iid } = await addOpenInvoice(cli.database.db, mid, 30_000, { due_date: '2026-03-01' });

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
    expect(await cli.database.db.selectFrom('dunning_notices').selectAll().execute()).toEqual([]);

    const real = await ops(['dunning', 'run', '--as-of', '2026-03-11']);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('Reminder 1 (level 1): 1');
    expect(real.stdout).toContain('E-mails queued: 1');
    const again = await ops(['dunning', 'run', '--as-of', '2026-03-11', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ itemsTotal: 0, emailsQueued: 0 });
    const audit = await cli.database.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action'])
      .where('record_id', '=', iid)
      .where('action', '=', 'dunning')
      .execute();
    expect(audit).toEqual([{ actor_kind: 'cli', action: 'dunning' }]);
  });

  it('dunning letters: lists the postal reminders, writes their PDF, marks them posted once printed (exit 2 on bad input)', async () => {
    await loadCountries(cli.database.pool);
    const mid = await addPayingMember(cli.database.db, 'Transports Rochat SA');
    await cli.database.db
      .updateTable('members')
      .set({
        email: null,
        country_iso2: 'CH',
        preferred_language: 'fr',
        address_line1: 'Route de Genève 8',
        postal_code: '1003',
        city: 'Lausanne',
      })
      .where('mid', '=', mid)
      .execute();
    const { iid, number } = await addOpenInvoice(cli.database.db, mid, 45_000, {
      due_date: '2026-05-01',
    });
    const run = await runDunning(cli.database.db, {
      asOf: '2026-05-11',
      dryRun: false,
      trigger: 'cli',
      operatorUid: null,
      mailFrom: 'office@example.org',
    });
    expect(run.postal).toBe(1);

    const listed = await ops(['dunning', 'letters']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Postal reminders: 1 letter to print (1 invoice).');
    expect(listed.stdout).toContain(`Transports Rochat SA (fr), Reminder 1: ${number} CHF 450.00`);

    for (const [args, option] of [
      [['--mark-posted'], '--mark-posted'],
      [['--up-to', 'yesterday', '--mark-posted'], '--up-to'],
      [['--out', '/nonexistent/folder/letters.pdf'], '--out'],
    ] as const) {
      const refused = await ops(['dunning', 'letters', ...args]);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toContain(option);
    }

    const folder = await mkdtemp(path.join(os.tmpdir(), 'letters-'));
    const file = path.join(folder, 'letters.pdf');
    const printed = await ops(['dunning', 'letters', '--out', file]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toContain(`Written to ${file}.`);
    const text = pdfText(await readFile(file));
    expect(text).toContain('Transports Rochat SA');
    expect(text).toContain('Route de Genève 8');
    expect(text).toContain(`Rappel : la facture ${number} est échue`);
    // Printing marks nothing: the next step is said, with the time the letters were read.
    const upTo = /--mark-posted --up-to (\S+)/.exec(printed.stdout)?.[1];
    expect(upTo).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const notice = cli.database.db
      .selectFrom('dunning_notices')
      .select('letter_posted_at')
      .where('invoice_iid', '=', iid);
    expect(await notice.executeTakeFirst()).toEqual({ letter_posted_at: null });

    const marked = await ops(['dunning', 'letters', '--mark-posted', '--up-to', upTo ?? '']);
    expect(marked.code, marked.stderr).toBe(0);
    expect(marked.stdout).toContain('1 letter marked as posted (1 reminder).');
    expect((await ops(['dunning', 'letters'])).stdout).toBe('No postal reminder needs a letter.\n');
    const audit = await cli.database.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action'])
      .where('record_id', '=', iid)
      .where('action', '=', 'letter-posted')
      .execute();
    expect(audit).toEqual([{ actor_kind: 'cli', action: 'letter-posted' }]);
    // Each `ops` is a process of its own (tsx): about ten seconds apiece on a busy machine.
  }, 240_000);

  it('refuses a bad --as-of with exit code 2, naming the option', async () => {
    for (const value of ['2026-02-30', 'tomorrow']) {
      const result = await ops(['dunning', 'run', '--as-of', value, '--dry-run']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--as-of');
      expect(result.stderr).toContain('YYYY-MM-DD');
    }
  });
});
