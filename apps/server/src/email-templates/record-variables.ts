import {
  emailTemplateRecordTypeOf,
  type EmailTemplateKind,
  type EmailTemplateRecordType,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badInput } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';
import { loadInvoiceEmailFacts } from './invoice-variables';
import {
  emailTemplateExamples,
  formatMailMoney,
  type ClosingBalance,
  type DunningVariables,
} from './variables';
import { formatMemberDay } from '@ops/contract/member-formats';

/**
 * The preview against a real record: the variables a kind's sender would pass for it, built
 * from the database. Where the record cannot say something the sender knows only at the moment
 * it sends (the operator's reason for a rejection not yet made, a dunning level not yet reached),
 * the kind's example fills in, so the preview always renders.
 */

type Db = Kysely<Database>;
type Found = { variables: Record<string, unknown>; label: string };

const recordNouns: Record<EmailTemplateRecordType, string> = {
  application: 'application',
  invoice: 'invoice',
  'credit-note': 'credit note',
  certificate: 'certificate',
  member: 'member',
};

function notFound(type: EmailTemplateRecordType, id: string) {
  return badInput('body.recordId', 'exists', `No ${recordNouns[type]} has the id or number ${id}.`);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

async function applicationVariables(db: Db, kind: EmailTemplateKind, id: string): Promise<Found> {
  const row = await db
    .selectFrom('applications as a')
    .leftJoin('members as m', 'm.mid', 'a.member_mid')
    .select([
      'a.aid',
      'a.number',
      'a.legal_name',
      'a.contacts',
      'a.decision_reason',
      'a.member_mid',
      'm.number as member_number',
    ])
    .where((eb) => eb.or([eb('a.aid', '=', id), eb('a.number', '=', id)]))
    .executeTakeFirst();
  if (!row) throw notFound('application', id);
  const contacts = Array.isArray(row.contacts) ? (row.contacts as Record<string, unknown>[]) : [];
  const primary = contacts.find((contact) => contact.role === 'primary') ?? contacts[0];
  const base = {
    applicant: { name: typeof primary?.name === 'string' ? primary.name : null },
    application: { number: row.number, legalName: row.legal_name },
  };
  const example = emailTemplateExamples[kind][0] as Record<string, unknown>;
  const said = row.decision_reason ?? null;
  if (kind === 'application-approved') {
    const invoice = row.member_mid
      ? await db
          .selectFrom('invoices')
          .select(['number', 'total_minor', 'currency', 'due_date'])
          .where('member_mid', '=', row.member_mid)
          .where('status', '<>', 'draft')
          .orderBy('issue_date')
          .orderBy('number')
          .executeTakeFirst()
      : undefined;
    return {
      label: `Application ${row.number} (${row.legal_name})`,
      variables: {
        ...base,
        member: { number: row.member_number ?? (example.member as { number: string }).number },
        invoice: invoice
          ? {
              number: invoice.number,
              total: formatMailMoney(invoice.total_minor, invoice.currency.trim()),
              dueDate: invoice.due_date,
            }
          : example.invoice,
      },
    };
  }
  const words =
    kind === 'application-information-requested'
      ? // The portal's address is the server's, not the record's: the example's stands in.
        { message: said ?? example.message, answerUrl: example.answerUrl }
      : { reason: said ?? example.reason };
  return {
    label: `Application ${row.number} (${row.legal_name})`,
    variables: { ...base, ...words },
  };
}

const dunningLevels: Partial<Record<EmailTemplateKind, true>> = {
  'dunning-reminder-1': true,
  'dunning-reminder-2': true,
  'dunning-final-notice': true,
  'dunning-suspension': true,
};

async function invoiceVariables(db: Db, kind: EmailTemplateKind, id: string): Promise<Found> {
  const found = await db
    .selectFrom('invoices')
    .select('iid')
    .where((eb) => eb.or([eb('iid', '=', id), eb('number', '=', id)]))
    .executeTakeFirst();
  const facts = found ? (await loadInvoiceEmailFacts(db, [found.iid])).get(found.iid) : undefined;
  if (!facts) throw notFound('invoice', id);
  const label = `Invoice ${facts.invoice.number} (${facts.member.name})`;
  const common = { member: facts.member, bankAccount: facts.bankAccount };
  if (!dunningLevels[kind]) return { label, variables: { ...common, invoice: facts.invoice } };
  // A dunning preview: the level is the kind's own (its default days), counted from today.
  const example = emailTemplateExamples[kind][0] as DunningVariables;
  const today = todayAtHeadquarters();
  const dueDay = facts.dueDay ?? today;
  return {
    label,
    variables: {
      ...common,
      invoice: {
        ...facts.invoice,
        dueDate: formatMemberDay(dueDay, facts.language),
        daysOverdue: Math.max(0, daysBetween(dueDay, today)),
      },
      level: example.level,
      suspensionOn: example.suspensionOn
        ? formatMemberDay(addDays(dueDay, 90), facts.language)
        : null,
    },
  };
}

async function creditNoteVariables(db: Db, id: string): Promise<Found> {
  const row = await db
    .selectFrom('credit_notes as c')
    .innerJoin('invoices as i', 'i.iid', 'c.invoice_iid')
    .innerJoin('members as m', 'm.mid', 'i.member_mid')
    .select([
      'c.number',
      'c.currency',
      'c.total_minor',
      'c.issue_date',
      'c.reason',
      'c.movement_id',
      'i.number as invoice_number',
      'm.legal_name',
      'm.number as member_number',
    ])
    .where((eb) => eb.or([eb('c.cnid', '=', id), eb('c.number', '=', id)]))
    .executeTakeFirst();
  if (!row) throw notFound('credit-note', id);
  const credit = row.movement_id
    ? await db
        .selectFrom('money_movements')
        .select('credit_minor')
        .where('id', '=', row.movement_id)
        .executeTakeFirst()
    : undefined;
  const currency = row.currency.trim();
  const creditMinor = Number(credit?.credit_minor ?? 0);
  return {
    label: `Credit note ${row.number} (${row.legal_name})`,
    variables: {
      member: { name: row.legal_name, number: row.member_number },
      creditNote: {
        number: row.number,
        total: formatMailMoney(row.total_minor, currency),
        issueDate: row.issue_date,
        reason: row.reason,
      },
      invoice: { number: row.invoice_number },
      creditAmount: creditMinor > 0 ? formatMailMoney(creditMinor, currency) : null,
    },
  };
}

async function certificateVariables(db: Db, id: string, publicUrl: string): Promise<Found> {
  const row = await db
    .selectFrom('certificates as c')
    .innerJoin('members as m', 'm.mid', 'c.member_mid')
    .select([
      'c.number',
      'c.year',
      'c.verification_code',
      'm.legal_name',
      'm.number as member_number',
    ])
    .where((eb) => eb.or([eb('c.cid', '=', id), eb('c.number', '=', id)]))
    .executeTakeFirst();
  if (!row) throw notFound('certificate', id);
  return {
    label: `Certificate ${row.number} (${row.legal_name})`,
    variables: {
      member: { name: row.legal_name, number: row.member_number },
      certificate: {
        number: row.number,
        year: row.year,
        verificationUrl: `${publicUrl}/verify/${encodeURIComponent(row.verification_code)}`,
      },
    },
  };
}

/** A statement of this year so far: each currency's open balance as its closing balance. */
async function memberVariables(db: Db, id: string): Promise<Found> {
  const member = await db
    .selectFrom('members')
    .select(['mid', 'number', 'legal_name'])
    .where((eb) => eb.or([eb('mid', '=', id), eb('number', '=', id)]))
    .executeTakeFirst();
  if (!member) throw notFound('member', id);
  const balances = await db
    .selectFrom('invoices')
    .select(['currency', sql<string>`sum(balance_minor)`.as('balance')])
    .where('member_mid', '=', member.mid)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const today = todayAtHeadquarters();
  return {
    label: `Member ${member.number} (${member.legal_name})`,
    variables: {
      member: { name: member.legal_name, number: member.number },
      period: { from: `${today.slice(0, 4)}-01-01`, to: today },
      closingBalances: balances.map(({ currency, balance }): ClosingBalance => {
        const minor = Number(balance);
        const code = currency.trim();
        if (minor > 0) return { amount: formatMailMoney(minor, code), position: 'owed' };
        return { amount: formatMailMoney(0, code), position: 'settled' };
      }),
    },
  };
}

/** The variables of a kind for a real record, chosen by its id or number. */
export async function recordVariables(
  db: Db,
  kind: EmailTemplateKind,
  id: string,
  publicUrl: string,
): Promise<Found> {
  const type = emailTemplateRecordTypeOf[kind];
  if (!type) {
    throw badInput(
      'body.recordId',
      'exists',
      'This kind of e-mail is previewed with its example only (it names no record).',
    );
  }
  if (type === 'application') return applicationVariables(db, kind, id);
  if (type === 'invoice') return invoiceVariables(db, kind, id);
  if (type === 'credit-note') return creditNoteVariables(db, id);
  if (type === 'certificate') return certificateVariables(db, id, publicUrl);
  return memberVariables(db, id);
}
