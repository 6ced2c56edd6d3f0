import type { TInvoiceActionResult } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInEditorAndReader } from '../../test/fixtures';
import { apiAs } from '../../test/requests';
import { clock, setClockForTests } from '../lib/clock';
import { loadCountries } from '../seed/countries';
import { insertDefaultQrAccount, insertInvoice, insertMember } from './pdf-test-support';

/**
 * Issue 30: an invoice issued at 23:30 on 31 December in Zurich is dated that day; one issued an
 * hour later, at 00:30 on 1 January in Zurich (still 31 December in UTC), is dated 1 January. A
 * draft made then is of the new year (the form's default is the year at headquarters, the web's
 * `yearAtHeadquarters`), and its number opens that year's series: numbers follow the invoice's
 * year, so a renewal prepared in December for next year is numbered in next year's series.
 */
describe('invoice numbers and dates at the turn of the year, in Zurich', () => {
  let t: TestApp;
  let member: { mid: string };
  let account: string;

  beforeAll(async () => {
    setClockForTests('2026-12-31T20:00:00Z');
    t = await createTestApp();
    await loadCountries(t.database.pool);
    account = await insertDefaultQrAccount(t.database.db);
    member = await insertMember(t.database.db, { email: 'silvester@example.org' });
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  async function issueDraftAt(instant: string, draftNumber: string) {
    setClockForTests(instant);
    const { cookie } = await signInEditorAndReader(
      t,
      `finance-${draftNumber.toLowerCase()}@example.org`,
      ['finance'],
    );
    const draft = await insertInvoice(t.database.db, {
      kind: 'other',
      member_mid: member.mid,
      bank_account_id: account,
      currency: 'CHF',
      number: draftNumber,
      status: 'draft',
      issue_date: null,
      due_date: null,
      year: clock.year(),
    });
    const issued = await apiAs(t, cookie).post<TInvoiceActionResult>(
      `/api/invoices/${draft.iid}/issue`,
      { version: 1 },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    return issued.body.invoice;
  }

  it('dates and numbers by the day in Zurich, not in UTC', async () => {
    const lastOfTheYear = await issueDraftAt('2026-12-31T22:30:00Z', 'DRAFT-880001');
    expect(lastOfTheYear.issueDate).toBe('2026-12-31');
    expect(lastOfTheYear.number).toMatch(/^2026-/);

    const firstOfTheYear = await issueDraftAt('2026-12-31T23:30:00Z', 'DRAFT-880002');
    expect(firstOfTheYear.issueDate).toBe('2027-01-01');
    expect(firstOfTheYear.number).toMatch(/^2027-0*1$/);
  });
});
