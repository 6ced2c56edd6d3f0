import { describe, expect, it } from 'vitest';
import {
  addOpenInvoice,
  addOurAccounts,
  addPayingMember,
  bankFile,
  credit,
  entryOf,
} from '../bank-statements/import/test-support';
import { cliOnEmptyDatabase } from './test-support';

describe('ops bank import', () => {
  const cli = cliOnEmptyDatabase({ setup: addOurAccounts, tempFolder: 'bank-import-' });
  const { ops, writeFile: writeXml } = cli;
  const counts = async () => ({
    statements: (await cli.database.db.selectFrom('bank_statements').select('bsid').execute())
      .length,
    movements: (await cli.database.db.selectFrom('money_movements').select('id').execute()).length,
  });

  it('imports several files as the CLI and prints one JSON object with the summed counts', async () => {
    const mid = await addPayingMember(cli.database.db, 'Rheinhafen Spedition AG');
    const a = await addOpenInvoice(cli.database.db, mid, 10_000);
    const b = await addOpenInvoice(cli.database.db, mid, 20_000);
    const first = credit({ amountMinor: 10_000, structuredReference: a.reference });
    const one = writeXml('one.xml', bankFile([entryOf([first, credit({ amountMinor: 5 })])]));
    const two = writeXml(
      'two.xml',
      bankFile([
        entryOf([first]),
        entryOf([credit({ amountMinor: 15_000, structuredReference: b.reference })]),
      ]),
    );
    const result = await ops(['bank', 'import', one, two, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(output).toMatchObject({
      files: 2,
      entries: 4,
      paid: 1,
      partial: 1,
      overpaid: 0,
      suggested: 0,
      unmatched: 1,
      duplicates: 1,
      bookedTotals: [{ currency: 'CHF', amountMinor: '25000' }],
    });
    expect(output.reports).toHaveLength(2);
    const audit = await cli.database.db
      .selectFrom('audit_log')
      .select(['actor_kind'])
      .where('table_name', '=', 'bank_entries')
      .execute();
    expect(audit.every((row) => row.actor_kind === 'cli')).toBe(true);

    const human = await ops(['bank', 'import', one]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('one.xml: 2 payments read, 0 booked');
    expect(human.stdout).toContain('2 duplicates');
  });

  it('exits with code 2 and the reason on an unreadable file, importing nothing', async () => {
    const good = writeXml('good.xml', bankFile([entryOf([credit({ amountMinor: 700 })])]));
    const notXml = writeXml('not.xml', 'hello');
    const foreign = writeXml(
      'foreign.xml',
      bankFile([entryOf([credit({ amountMinor: 700 })])], { iban: 'DE89370400440532013000' }),
    );
    const before = await counts();

    const missing = await ops(['bank', 'import', good, cli.pathOf('missing.xml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing.xml: no such file.');

    const broken = await ops(['bank', 'import', good, notXml, '--json']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/not\.xml: .*XML/);

    const notOurs = await ops(['bank', 'import', foreign]);
    expect(notOurs.code).toBe(2);
    expect(notOurs.stderr).toContain('DE89370400440532013000');
    expect(await counts()).toEqual(before);
  });
});
