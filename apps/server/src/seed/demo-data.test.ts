import { applicationStatuses } from '@ops/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidCreditorReference, isValidIban, isValidQrReference } from '../lib/iban';
import { csvLine } from '../lib/csv';
import { createDemoData, type DemoTableName } from './demo-data';
import { DEMO_OPERATOR_EMAIL, DEMO_REFERENCE_DATE, demoCalendar } from './demo-plan';
import { loadFakerKit, type FakerKit } from './naming';

type Row = Record<string, unknown>;
type Tables = Record<DemoTableName, Row[]>;

let kit: FakerKit;
beforeAll(async () => {
  kit = await loadFakerKit();
});

/** Generates every table in load order, as seedDemo does, and checks each count() up front. */
function generate(
  seed: number,
  scale: number,
  existingUsers?: Map<string, string>,
  referenceDate = DEMO_REFERENCE_DATE,
): Tables {
  const data = createDemoData(kit, { seed, scale, existingUsers, referenceDate });
  const tables = {} as Tables;
  for (const table of data.tables) {
    const expected = table.count();
    const rows = [...table.rows()] as Row[];
    expect(rows.length, table.name).toBe(expected);
    for (const row of rows) csvLine(row, table.columns, table.kinds);
    tables[table.name] = rows;
  }
  return tables;
}

const scale = 400;
// Scripts that must not show up in the federation's Latin-script records.
const nonLatin =
  /[\u0370-\u03ff\u0400-\u04ff\u0530-\u06ff\u0e00-\u0e7f\u10a0-\u10ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;

// The data set is of the day it is loaded: the fixed day of the committed sample, a first of
// January (last year's renewal is the current one), a leap day (this year's, three weeks old) and
// the last day of a year.
describe.each(['2026-03-01', '2027-01-01', '2028-02-29', '2027-12-31'])(
  'createDemoData of %s',
  (referenceDate) => {
    const { currentYear } = demoCalendar(referenceDate);
    let tables: Tables;
    beforeAll(() => {
      tables = generate(7, scale, undefined, referenceDate);
    });

    it('is deterministic: the same seed gives identical rows, another seed different ones', () => {
      const again = generate(7, scale, undefined, referenceDate);
      for (const name of Object.keys(tables) as DemoTableName[]) {
        expect(JSON.stringify(again[name].slice(0, 50)), name).toBe(
          JSON.stringify(tables[name].slice(0, 50)),
        );
      }
      expect(JSON.stringify(again)).toBe(JSON.stringify(tables));
      const other = generate(8, scale, undefined, referenceDate);
      for (const name of ['members', 'users', 'applications', 'invoices', 'emails'] as const) {
        expect(JSON.stringify(other[name].slice(0, 10)), name).not.toBe(
          JSON.stringify(tables[name].slice(0, 10)),
        );
      }
    });

    it('sizes the tables from the scale', () => {
      expect(tables.members).toHaveLength(scale);
      expect(tables.users.length / scale).toBeGreaterThan(1.2);
      expect(tables.users.length / scale).toBeLessThan(1.5);
      expect(tables.applications).toHaveLength(20);
      expect(tables.invoices.length / scale).toBeGreaterThan(2.5);
      expect(tables.invoices.length / scale).toBeLessThan(3.3);
      expect(tables.emails.length / scale).toBeGreaterThan(0.35);
      expect(tables.emails.length / scale).toBeLessThan(0.8);
      expect(tables.operators.length).toBeGreaterThanOrEqual(6);
      expect(tables.operators.length).toBeLessThanOrEqual(8);
      expect(tables.bank_accounts).toHaveLength(3);
      expect(generate(1, 20, undefined, referenceDate).applications).toHaveLength(20);
    });

    it('uses opaque 20-character ids, unique everywhere', () => {
      const ids = [
        ...tables.members.map((row) => row.mid),
        ...tables.users.map((row) => row.uid),
        ...tables.applications.map((row) => row.aid),
        ...tables.invoices.map((row) => row.iid),
        ...tables.certificates.map((row) => row.cid),
        ...tables.emails.map((row) => row.eid),
        ...tables.bank_accounts.map((row) => row.id),
      ];
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('makes members with unique readable numbers, associations first, statuses consistent', () => {
      const numbers = tables.members.map((row) => row.number as string);
      expect(new Set(numbers).size).toBe(numbers.length);
      for (const number of numbers) expect(number).toMatch(/^M-\d{6}$/);
      const categories = tables.members.map((row) => row.category);
      const lastAssociation = categories.lastIndexOf('association');
      expect(
        categories.slice(0, lastAssociation + 1).every((category) => category === 'association'),
      ).toBe(true);
      expect(lastAssociation + 1).toBe(Math.round(scale * 0.02));
      expect(new Set(categories)).toEqual(
        new Set(['association', 'individual', 'group', 'honorary']),
      );

      const associations = new Map(
        tables.members.filter((row) => row.category === 'association').map((row) => [row.mid, row]),
      );
      const countries = new Set([...associations.values()].map((row) => row.country_iso2));
      expect(countries.size).toBe(associations.size);
      for (const row of tables.members) {
        if (row.category === 'individual' && countries.has(row.country_iso2)) {
          expect(associations.get(row.national_association_mid as string)?.country_iso2).toBe(
            row.country_iso2,
          );
        }
        const status = row.status as string;
        const paidThrough = row.paid_through_year as number | null;
        if (status === 'active' && row.category !== 'honorary')
          expect(paidThrough).toBe(currentYear);
        if (status === 'overdue') expect(paidThrough).toBe(currentYear - 1);
        if (status === 'suspended') expect(paidThrough).toBe(currentYear - 2);
        if (status === 'pending-payment') expect(paidThrough).toBeNull();
        if (status === 'terminated' || status === 'resigned') {
          expect(row.terminated_on).not.toBeNull();
          expect(row.termination_reason).toBeTruthy();
          expect((row.terminated_on as string) > (row.joined_on as string)).toBe(true);
        } else {
          expect(row.terminated_on).toBeNull();
        }
        expect(row.joined_on as string).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect((row.joined_on as string) < referenceDate).toBe(true);
        expect(['CHF', 'EUR', 'USD']).toContain(row.billing_currency);
        expect(row.email as string).toMatch(/^[a-z0-9.-]+@[a-z0-9-]+\.example$/);
        expect(`${row.legal_name} ${row.address_line1} ${row.city}`).not.toMatch(nonLatin);
      }
      const statuses = new Set(tables.members.map((row) => row.status));
      expect(statuses).toEqual(
        new Set(['active', 'pending-payment', 'overdue', 'suspended', 'terminated', 'resigned']),
      );
    });

    it('makes users with unique lower-case e-mails that pass the users CHECK constraint', () => {
      const emails = tables.users.map((row) => row.email as string);
      expect(new Set(emails).size).toBe(emails.length);
      for (const email of emails) {
        expect(email).toBe(email.trim().toLowerCase());
        expect(email).toMatch(/^.+@.+$/);
        expect(email).toMatch(/\.example$/);
      }
      const members = new Set(tables.members.map((row) => row.mid));
      const owners = new Set<unknown>();
      for (const user of tables.users) {
        expect(user.password_hash).toBeNull();
        if (user.member_mid !== null) expect(members.has(user.member_mid)).toBe(true);
        if (user.member_role === 'owner') owners.add(user.member_mid);
        expect(
          (user.sign_in_methods as string[]).every((method) =>
            ['emailLink', 'password'].includes(method),
          ),
        ).toBe(true);
      }
      expect(owners.size).toBe(scale);
      expect(new Set(tables.users.map((row) => row.member_role))).toEqual(
        new Set(['owner', 'admin', 'staff', null]),
      );
    });

    it('makes the demo operator first, every operator a user at the demo domain', () => {
      const first = tables.operators[0] as Row;
      const firstUser = tables.users.find((row) => row.uid === first.uid);
      expect(firstUser?.email).toBe(DEMO_OPERATOR_EMAIL);
      expect(firstUser?.display_name).toBe('Demo Operator');
      expect(first.roles).toEqual(['admin']);
      const roles = new Set(tables.operators.flatMap((row) => row.roles as string[]));
      expect(roles).toEqual(new Set(['admin', 'finance', 'membership', 'read-only']));
      const users = new Map(tables.users.map((row) => [row.uid, row]));
      for (const operator of tables.operators) {
        expect((users.get(operator.uid)?.email as string).endsWith('@ops.demo.example')).toBe(true);
      }
    });

    it('reuses a user that already exists instead of creating the demo operator again', () => {
      const existing = new Map([[DEMO_OPERATOR_EMAIL, 'cliOperatorUid000001']]);
      const withExisting = generate(7, scale, existing, referenceDate);
      expect(withExisting.users.some((row) => row.email === DEMO_OPERATOR_EMAIL)).toBe(false);
      expect(withExisting.users).toHaveLength(tables.users.length - 1);
      expect(withExisting.operators[0]?.uid).toBe('cliOperatorUid000001');
      // Nothing else moves: the member data is the same as without the existing user.
      expect(JSON.stringify(withExisting.members)).toBe(JSON.stringify(tables.members));
      expect(JSON.stringify(withExisting.invoices)).toBe(JSON.stringify(tables.invoices));
    });

    it('has three bank accounts with valid Swiss IBANs, one default per currency', () => {
      expect(tables.bank_accounts.map((row) => row.currency).sort()).toEqual(['CHF', 'EUR', 'USD']);
      for (const account of tables.bank_accounts) {
        expect(account.is_default).toBe(true);
        expect(account.iban as string).toMatch(/^CH/);
        expect(isValidIban(account.iban as string)).toBe(true);
        if (account.qr_iban !== null) expect(isValidIban(account.qr_iban as string)).toBe(true);
      }
    });

    it('covers every application status; approved ones point to members', () => {
      expect(new Set(tables.applications.map((row) => row.status))).toEqual(
        new Set(applicationStatuses),
      );
      const members = new Map(tables.members.map((row) => [row.mid, row]));
      const users = new Set(tables.users.map((row) => row.uid));
      const operators = new Set(tables.operators.map((row) => row.uid));
      for (const application of tables.applications) {
        expect(users.has(application.submitted_by_uid)).toBe(true);
        if (application.reviewer_uid !== null)
          expect(operators.has(application.reviewer_uid)).toBe(true);
        if (application.status === 'approved') {
          expect(members.get(application.member_mid as string)?.legal_name).toBe(
            application.legal_name,
          );
        } else {
          expect(application.member_mid).toBeNull();
        }
        expect((application.contacts as unknown[]).length).toBe(3);
        expect(application.submitted_at === null).toBe(application.status === 'draft');
      }
    });

    it('makes invoices whose totals add up and whose statuses follow the member', () => {
      const members = new Map(tables.members.map((row) => [row.mid, row]));
      const accounts = new Map(tables.bank_accounts.map((row) => [row.id, row]));
      const numbers = new Set<unknown>();
      for (const invoice of tables.invoices) {
        expect(invoice.number).toMatch(/^\d{4}-\d{6}$/);
        numbers.add(invoice.number);
        const lines = invoice.lines as {
          quantity: number;
          unitAmountMinor: number;
          vatExemption: string;
        }[];
        expect(lines[0]?.vatExemption).toBe('Outside the scope of Swiss VAT (membership fee)');
        const linesTotal = lines.reduce(
          (sum, line) => sum + line.quantity * line.unitAmountMinor,
          0,
        );
        expect(linesTotal).toBe(Number(invoice.subtotal_minor) + Number(invoice.donation_minor));
        expect(Number(invoice.total_minor)).toBe(
          Number(invoice.subtotal_minor) +
            Number(invoice.vat_minor) +
            Number(invoice.donation_minor),
        );
        expect([0, 2500]).toContain(invoice.donation_minor);
        const member = members.get(invoice.member_mid as string) as Row;
        expect(invoice.currency).toBe(member.billing_currency);
        expect(accounts.get(invoice.bank_account_id as string)?.currency).toBe(invoice.currency);
        const reference = invoice.payment_reference as string;
        expect(
          invoice.currency === 'USD'
            ? isValidCreditorReference(reference)
            : isValidQrReference(reference),
        ).toBe(true);
        if (invoice.status === 'paid') {
          expect(invoice.paid_amount_minor).toBe(invoice.total_minor);
          expect(invoice.paid_at).not.toBeNull();
          expect((invoice.paid_at as string) < referenceDate).toBe(true);
          expect(invoice.year as number).toBeLessThanOrEqual(member.paid_through_year as number);
        } else {
          expect(invoice.paid_at).toBeNull();
        }
        if (member.status === 'overdue' && invoice.year === currentYear) {
          expect(invoice.status).toBe('issued');
          expect((invoice.due_date as string) < referenceDate).toBe(true);
        }
        if (member.status === 'active') expect(['paid', 'void']).toContain(invoice.status);
      }
      expect(numbers.size).toBe(tables.invoices.length);
      expect(new Set(tables.invoices.map((row) => row.status))).toEqual(
        new Set(['paid', 'issued', 'void', 'uncollectible']),
      );
      expect(tables.invoices.some((row) => Number(row.donation_minor) > 0)).toBe(true);
    });

    it('issues a certificate for each paid membership invoice of the current year', () => {
      const paidThisYear = tables.invoices.filter(
        (row) => row.status === 'paid' && row.year === currentYear,
      );
      expect(tables.certificates).toHaveLength(paidThisYear.length);
      const invoices = new Map(tables.invoices.map((row) => [row.iid, row]));
      for (const certificate of tables.certificates) {
        const invoice = invoices.get(certificate.invoice_iid as string);
        expect(invoice?.member_mid).toBe(certificate.member_mid);
        expect(invoice?.status).toBe('paid');
        expect(certificate.valid_from).toBe(`${currentYear}-01-01`);
        expect(certificate.valid_to).toBe(`${currentYear}-12-31`);
        expect(certificate.status).toBe('issued');
      }
      const codes = tables.certificates.map((row) => row.verification_code);
      expect(new Set(codes).size).toBe(codes.length);
    });

    it('writes e-mails that were all sent or failed before the reference day, pointing to real rows', () => {
      const ids: Record<string, Set<unknown>> = {
        invoices: new Set(tables.invoices.map((row) => row.iid)),
        certificates: new Set(tables.certificates.map((row) => row.cid)),
        applications: new Set(tables.applications.map((row) => row.aid)),
        users: new Set(tables.users.map((row) => row.uid)),
      };
      for (const email of tables.emails) {
        expect(ids[email.related_table as string]?.has(email.related_id)).toBe(true);
        expect((email.to_addresses as string[]).length).toBeGreaterThan(0);
        if (email.state === 'ERROR') expect(email.error).toBeTruthy();
        if (email.state === 'SUCCESS') expect(email.delivered_at).not.toBeNull();
      }
      // History only: nothing for the delivery worker to send at the first start.
      const states = new Set(tables.emails.map((row) => row.state));
      expect([...states].sort()).toEqual(['ERROR', 'SUCCESS']);
      for (const email of tables.emails) {
        expect(String(email.created_at) < referenceDate, String(email.created_at)).toBe(true);
        expect(email.lease_expires_at).toBeNull();
      }
      const kinds = new Set(tables.emails.map((row) => row.kind));
      for (const kind of ['invoice', 'certificate', 'application-approved'])
        expect(kinds.has(kind), kind).toBe(true);
    });

    it('dates nothing after the day it is of: no invoice issued, no row created or changed later', () => {
      const latest = `${referenceDate}T00:00:00.000Z`;
      for (const [name, rows] of Object.entries(tables)) {
        for (const row of rows) {
          for (const column of [
            'created_at',
            'updated_at',
            'paid_at',
            'issued_at',
            'submitted_at',
            'decided_at',
            'at',
          ]) {
            const value = row[column];
            if (typeof value === 'string')
              expect(value < latest, `${name}.${column} ${value}`).toBe(true);
          }
        }
      }
      for (const invoice of tables.invoices) {
        expect((invoice.issue_date as string) < referenceDate, String(invoice.issue_date)).toBe(
          true,
        );
        if (invoice.dunning_level_on) {
          expect((invoice.dunning_level_on as string) > (invoice.due_date as string)).toBe(true);
        }
      }
      // The newest renewal is this year's once its reminders are out, last year's before that.
      expect(Math.max(...tables.invoices.map((row) => Number(row.year)))).toBeGreaterThanOrEqual(
        currentYear,
      );
      const recentJoiners = tables.members.filter((row) => row.status === 'pending-payment');
      expect(recentJoiners.length).toBeGreaterThan(0);
    });
  },
);

describe('createDemoData options', () => {
  it('refuses a scale, seed or day it cannot use', () => {
    const referenceDate = DEMO_REFERENCE_DATE;
    expect(() => createDemoData(kit, { seed: 1, scale: 0, referenceDate })).toThrow(/scale/);
    expect(() => createDemoData(kit, { seed: 1.5, scale: 10, referenceDate })).toThrow(/seed/);
    expect(() => createDemoData(kit, { seed: 1, scale: 10, referenceDate: '2027-02-30' })).toThrow(
      /reference date/,
    );
  });

  it("shows this year's renewal from 21 February, last year's before", () => {
    expect(demoCalendar('2027-02-20').currentYear).toBe(2026);
    expect(demoCalendar('2027-02-21').currentYear).toBe(2027);
    expect(demoCalendar('2027-01-01').currentYear).toBe(2026);
    expect(demoCalendar('2026-12-31').currentYear).toBe(2026);
  });
});
