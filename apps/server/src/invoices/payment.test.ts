import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Actor } from '../db/audit';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { addMember, thisYear } from '../certificates/test-support';
import { loadCountries } from '../seed/countries';
import { recordInvoicePaymentIn, type InvoicePayment } from './payment';

const actor: Actor = { kind: 'system', uid: null };
const options = { publicUrl: 'http://localhost:3000', mailFrom: 'ops@example.org' };
const payment = (amountMinor = 95_000): InvoicePayment => ({
  paidAt: new Date(),
  amountMinor,
  method: 'bank-transfer',
  reference: 'STMT-2026-0114-17',
});

describe('marking an invoice paid (rule 2)', () => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await loadCountries(database.pool);
  });
  afterAll(() => database.close());

  const pay = (iid: string, paid = payment()) =>
    writeTransaction(db, (trx) => recordInvoicePaymentIn(trx, actor, iid, paid, options));
  const memberOf = (mid: string) =>
    db.selectFrom('members').selectAll().where('mid', '=', mid).executeTakeFirstOrThrow();

  it('makes a pending member active, moves its paid-through year and issues and e-mails the certificate', async () => {
    const member = await addMember(db, {
      legalName: 'Rheinhafen Spedition AG',
      status: 'pending-payment',
      unpaidYears: [thisYear],
    });
    await db
      .updateTable('members')
      .set({ email: 'office@rheinhafen.example' })
      .where('mid', '=', member.mid)
      .execute();
    const outcome = await pay(`inv-${member.mid}-${thisYear}`);

    expect(outcome.invoice).toMatchObject({
      status: 'paid',
      paid_method: 'bank-transfer',
      paid_reference: 'STMT-2026-0114-17',
      paid_amount_minor: '95000',
      version: 2,
    });
    const after = await memberOf(member.mid);
    expect(after).toMatchObject({ status: 'active', paid_through_year: thisYear, version: 2 });
    expect(outcome.certificate?.year).toBe(thisYear);
    const certificate = await db
      .selectFrom('certificates')
      .selectAll()
      .where('cid', '=', outcome.certificate?.cid ?? '')
      .executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({
      status: 'issued',
      invoice_iid: `inv-${member.mid}-${thisYear}`,
    });
    const email = await db
      .selectFrom('emails')
      .select(['to_addresses', 'kind', 'subject'])
      .where('related_id', '=', certificate.cid)
      .executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      to_addresses: ['office@rheinhafen.example'],
      kind: 'certificate-issued',
    });
    expect(outcome.memberEffects).toEqual([
      `${member.number} is now active (was pending payment)`,
      `${member.number} is paid through ${thisYear}`,
      `membership certificate ${thisYear} issued`,
    ]);

    const audit = await db
      .selectFrom('audit_log')
      .select(['table_name', 'action'])
      .where('record_id', 'in', [member.mid, `inv-${member.mid}-${thisYear}`, certificate.cid])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { table_name: 'invoices', action: 'mark-paid' },
      { table_name: 'members', action: 'status' },
      { table_name: 'certificates', action: 'issue' },
    ]);
  });

  it('leaves an overdue member overdue while another membership invoice is still past due', async () => {
    const member = await addMember(db, {
      legalName: 'Late Twice Freight Ltd',
      status: 'overdue',
      unpaidYears: [thisYear - 1, thisYear],
    });
    await db
      .updateTable('invoices')
      .set({ due_date: `${thisYear - 1}-02-15` })
      .where('member_mid', '=', member.mid)
      .execute();
    const outcome = await pay(`inv-${member.mid}-${thisYear}`);
    expect((await memberOf(member.mid)).status).toBe('overdue');
    expect(outcome.memberEffects[0]).toBe(
      `${member.number} stays overdue: invoice T-${thisYear - 1}-${member.mid} is still past due`,
    );
    // The year is paid all the same: its certificate is issued.
    expect(outcome.certificate?.year).toBe(thisYear);
  });

  it('never moves a paid invoice again, and refuses drafts and void invoices', async () => {
    const member = await addMember(db, { legalName: 'Paid Once SA', unpaidYears: [thisYear] });
    const iid = `inv-${member.mid}-${thisYear}`;
    await pay(iid);
    const again = await pay(iid).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).message).toMatch(/cannot be marked paid: it was already paid on/);

    const other = await addMember(db, { legalName: 'Voided GmbH', unpaidYears: [thisYear] });
    await db
      .updateTable('invoices')
      .set({ status: 'void' })
      .where('member_mid', '=', other.mid)
      .execute();
    await expect(pay(`inv-${other.mid}-${thisYear}`)).rejects.toThrow(/it is void/);
    expect((await memberOf(other.mid)).paid_through_year).toBeNull();
  });

  it('does not issue a certificate for a year that has ended, nor a second one', async () => {
    const member = await addMember(db, {
      legalName: 'Arrears Cargo Sarl',
      status: 'suspended',
      unpaidYears: [thisYear - 1],
    });
    const outcome = await pay(`inv-${member.mid}-${thisYear - 1}`);
    expect(outcome.certificate).toBeNull();
    expect(await memberOf(member.mid)).toMatchObject({
      status: 'active',
      paid_through_year: thisYear - 1,
    });
  });

  it('refuses a zero amount and writes nothing', async () => {
    const member = await addMember(db, {
      legalName: 'Zero Pay AG',
      status: 'pending-payment',
      unpaidYears: [thisYear],
    });
    await expect(pay(`inv-${member.mid}-${thisYear}`, payment(0))).rejects.toThrow(
      /more than zero/,
    );
    expect((await memberOf(member.mid)).status).toBe('pending-payment');
  });
});
