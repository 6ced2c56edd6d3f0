import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { uploadMembersCsv } from '../members/member-upload-test-support';
import { loadCountries } from '../seed/countries';
import { escapeFormula, unescapeFormula } from './spreadsheet-formulas';

const formula = '=HYPERLINK("http://attacker.example","Click")';

describe('text a spreadsheet would run as a formula', () => {
  it('gets a leading quote, by the same rule as the list exports (csv-stringify)', () => {
    const cells = [
      formula,
      '+41 44 123 45 67',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '\uFF1D1+1',
      'Alpine Freight AG',
      'a=b',
      '',
      "'already text",
    ];
    const [exported] = parse(stringify([cells], { escape_formulas: true })) as string[][];
    expect(cells.map(escapeFormula)).toEqual(exported);
    expect(escapeFormula(formula)).toBe(`'${formula}`);
    expect(escapeFormula('Alpine Freight AG')).toBe('Alpine Freight AG');
    // Numbers stay numbers (amounts, years): a number cannot carry a formula.
    expect(stringify([[-12.5, '-12.50']], { escape_formulas: true })).toBe("-12.5,'-12.50\n");
  });

  it('is read back as it was written, and only then', () => {
    for (const cell of [formula, '+41 44 123 45 67', '-', '\t=1']) {
      expect(unescapeFormula(escapeFormula(cell))).toBe(cell);
    }
    expect(unescapeFormula("'quoted by its author")).toBe("'quoted by its author");
    expect(unescapeFormula("O'Brien Logistics")).toBe("O'Brien Logistics");
  });
});

describe('CSV files of the console, opened in a spreadsheet', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'formulas@example.org', ['membership']);
    await loadCountries(t.database.pool);
  });
  afterAll(() => t.close());

  const uploadValidateCommit = async (file: string) =>
    (await uploadMembersCsv(t, cookie, 'members.csv', file, 'valid-only')).upload.id;
  const member = (number: string) =>
    t.database.db
      .selectFrom('members')
      .select(['legal_name', 'phone'])
      .where('number', '=', number)
      .executeTakeFirst();

  it('escape a formula in a legal name: the members export and the rejected-rows report', async () => {
    const quoted = `"${formula.replaceAll('"', '""')}"`;
    const id = await uploadValidateCommit(
      [
        'Membership number,Legal name,Category,Status,Phone',
        `F-0001,${quoted},individual,active,+41 44 123 45 67`,
        `F-0002,${quoted},no-such-category,active,+41 44 765 43 21`,
      ].join('\r\n'),
    );

    const exported = await t.app.inject({
      url: '/api/members/export?q=F-0001',
      headers: { cookie },
    });
    expect(exported.statusCode).toBe(200);
    const exportRows = parse(exported.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    const exportedMember = exportRows.find((row) => row['Membership number'] === 'F-0001');
    expect(exportedMember?.['Legal name']).toBe(`'${formula}`);

    const report = await t.app.inject({
      url: `/api/members/uploads/${id}/rejected.csv`,
      headers: { cookie },
    });
    expect(report.statusCode).toBe(200);
    const [header, rejected] = parse(report.body.replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual([
      'Line',
      'Reason',
      'Membership number',
      'Legal name',
      'Category',
      'Status',
      'Phone',
    ]);
    expect(rejected?.slice(2)).toEqual([
      'F-0002',
      `'${formula}`,
      'no-such-category',
      'active',
      "'+41 44 765 43 21",
    ]);

    // The person fixes the report in the spreadsheet and uploads it again: the escaped cells come
    // back as they were first written.
    await uploadValidateCommit(report.body.replace(',no-such-category,', ',individual,'));
    expect(await member('F-0002')).toEqual({ legal_name: formula, phone: '+41 44 765 43 21' });
    expect(await member('F-0001')).toEqual({ legal_name: formula, phone: '+41 44 123 45 67' });
  });
});
