import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPublicUrl, type TestApp } from '../../test/app';
import { invoiceRow, memberRow, insertMembers } from '../../test/fixtures';
import { runTs } from '../../test/processes';
import { loadCountries } from '../seed/countries';
import { cliEntry } from './test-support';

/**
 * `npm run ops -- members export-data <number>` (issue 35): the portal's "Download our data" for
 * a script, through the same job, saved where asked and in the member's history as the CLI's.
 */
describe('npm run ops -- members export-data <number>', () => {
  let t: TestApp;
  const out = path.join(os.tmpdir(), `ops-data-export-${process.pid}.zip`);
  const ops = (args: string[]) =>
    runTs(cliEntry, args, { DATABASE_URL: t.database.connectionString, PUBLIC_URL: testPublicUrl });

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    await insertMembers(t.database.db, [memberRow('cli-dx', { legal_name: 'Script Freight AG' })]);
    await t.database.db.insertInto('invoices').values(invoiceRow('cli-dx-1', 'cli-dx')).execute();
  });
  afterAll(async () => {
    await rm(out, { force: true });
    await t.close();
  });

  it('makes the export with its job, saves the ZIP and audits it as the CLI', async () => {
    const result = await ops(['members', 'export-data', 'M-cli-dx', '--out', out, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const made = JSON.parse(result.stdout) as { file: string; sizeBytes: number };
    expect(made.file).toBe(out);
    const files = unzipSync(new Uint8Array(await readFile(out)));
    expect(made.sizeBytes).toBeGreaterThan(0);
    expect(files['invoices/invoice-P-cli-dx-1.pdf']).toBeDefined();
    expect(JSON.parse(strFromU8(files['member.json'] ?? new Uint8Array()))).toMatchObject({
      legalName: 'Script Freight AG',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind'])
      .where('record_id', '=', 'cli-dx')
      .where('action', 'like', 'data-export-%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'data-export-requested', actor_kind: 'cli' },
      { action: 'data-export-downloaded', actor_kind: 'cli' },
    ]);
  });

  it('names an unknown member number with exit code 2', async () => {
    const result = await ops(['members', 'export-data', 'M-nobody']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No member has the number M-nobody.');
  });
});
