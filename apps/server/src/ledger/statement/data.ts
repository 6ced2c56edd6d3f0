import type { TLedgerLine } from '@ops/contract';
import { badInput } from '../../errors';
import { pdfRecipientOf, unpayablePdfFields, type InvoicePdfData } from '../../invoices';
import { todayAtHeadquarters } from '../../lib/dates';
import { isLanguage } from '../../lib/pdf-language';
import { composeLedger } from '../ledger-lines';
import { ledgerWordsOf } from '../ledger-words';
import { readLedgerInvoices, readLedgerMovements, type Db } from '../ledger-rows';
import { recordNotFound } from '../../db/records';
import { clock } from '../../lib/clock';

/** One currency of a statement: the balance before the period, its lines, the balance after. */
export type StatementSection = {
  currency: string;
  openingMinor: number;
  lines: TLedgerLine[];
  closingMinor: number;
};

/**
 * What a statement of account states. `document` has the shape of an invoice PDF's data
 * (supplier from the bank account, recipient from the member) so that the invoice's header and
 * address sections draw it, as a credit note's PDF does.
 */
export type StatementData = {
  document: InvoicePdfData;
  mid: string;
  memberNumber: string;
  memberName: string;
  email: string | null;
  from: string;
  to: string;
  /** The day it was made (today at headquarters). */
  madeOn: string;
  sections: StatementSection[];
};

export type StatementRange = { from: string; to: string; currency?: string };

/** The file name a statement's PDF is served and attached as. */
export function statementPdfFileName(memberNumber: string, range: StatementRange): string {
  return `statement-${memberNumber.replace(/[^A-Za-z0-9._-]+/g, '_')}-${range.from}-${range.to}.pdf`;
}

/**
 * A range the statement can cover: from on or before to, to at most today at headquarters (a
 * statement of days still to come would state a closing balance nobody knows yet). 400 naming the
 * field.
 */
export function checkStatementRange(range: StatementRange, where: 'query' | 'body'): void {
  const today = clock.today();
  if (range.to > today) {
    throw badInput(
      `${where}.to`,
      'after-today',
      `The statement cannot end after today (${today}): ${range.to} is still to come.`,
    );
  }
  if (range.from > range.to) {
    throw badInput(
      `${where}.to`,
      'order',
      `The statement cannot end (${range.to}) before it starts (${range.from}).`,
    );
  }
}

/** The member with its address, and the account its statements name as the supplier. */
async function readRecipient(db: Db, mid: string) {
  const member = await db
    .selectFrom('members as m')
    .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
    .select([
      'm.mid',
      'm.number',
      'm.legal_name',
      'm.trade_name',
      'm.address_line1',
      'm.address_line2',
      'm.postal_code',
      'm.city',
      'm.state',
      'm.country_iso2',
      'm.vat_number',
      'm.email',
      'm.billing_currency',
      'm.preferred_language',
      'c.name as country_name',
    ])
    .where('m.mid', '=', mid)
    .executeTakeFirst();
  if (!member) throw recordNotFound('members', mid);
  const account = await db
    .selectFrom('bank_accounts')
    .select(['bank_name', 'holder_name', 'holder_address', 'iban', 'qr_iban', 'bic', 'currency'])
    .where('active', '=', true)
    .orderBy((eb) => eb.case().when('currency', '=', member.billing_currency).then(0).else(1).end())
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
  return { member, account };
}

/** Splits a currency's ledger at the period: balance before `from`, lines within, balance after. */
function sectionOf(
  currency: string,
  lines: TLedgerLine[],
  range: StatementRange,
): StatementSection | null {
  const before = lines.filter((line) => line.date < range.from);
  const within = lines.filter((line) => line.date >= range.from && line.date <= range.to);
  if (before.length === 0 && within.length === 0) return null;
  const openingMinor = Number(before.at(-1)?.balanceMinor ?? 0);
  const closingMinor = Number(within.at(-1)?.balanceMinor ?? openingMinor);
  return { currency, openingMinor, lines: within, closingMinor };
}

/** Reads a member's statement of account for a period (404 for an unknown member). */
export async function loadStatementData(
  db: Db,
  mid: string,
  range: StatementRange,
): Promise<StatementData> {
  const { member, account } = await readRecipient(db, mid);
  const [invoices, movements] = await Promise.all([
    readLedgerInvoices(db, mid, range.currency),
    readLedgerMovements(db, mid, range.currency),
  ]);
  // The lines in the member's language, as the statement's own words (issue 17).
  const words = ledgerWordsOf(member.preferred_language);
  const sections = composeLedger(invoices, movements, words).flatMap((ledger) => {
    const section = sectionOf(ledger.currency, ledger.lines, range);
    return section ? [section] : [];
  });
  const madeOn = todayAtHeadquarters();
  const currency = range.currency ?? member.billing_currency.trim();
  return {
    document: {
      iid: member.mid,
      number: `${member.number} ${range.from} – ${range.to}`,
      kind: 'other',
      // No status stamp and no payment part: a statement is neither due nor paid.
      ...unpayablePdfFields,
      year: Number(range.to.slice(0, 4)),
      // The member's language (issue 17): the statement's words and the header's.
      language: isLanguage(member.preferred_language) ? member.preferred_language : 'en',
      issueDate: madeOn,
      currency,
      lines: [],
      subtotalMinor: 0,
      vatMinor: 0,
      donationMinor: 0,
      totalMinor: 0,
      updatedAt: clock.now(),
      member: pdfRecipientOf(member.number, member),
      account: account
        ? {
            bankName: account.bank_name,
            holderName: account.holder_name,
            holderAddress: account.holder_address,
            iban: account.iban,
            qrIban: account.qr_iban,
            bic: account.bic,
          }
        : null,
    },
    mid: member.mid,
    memberNumber: member.number,
    memberName: member.legal_name,
    email: member.email,
    from: range.from,
    to: range.to,
    madeOn,
    sections,
  };
}
