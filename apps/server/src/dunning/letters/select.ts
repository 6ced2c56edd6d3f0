import {
  dunningLettersMax,
  type TDunningLetter,
  type TDunningLetterUnprintableReason,
} from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { letterNeededCondition } from '../../invoices';
import { machineTime } from '../../lib/clock';
import { todayAtHeadquarters } from '../../lib/dates';
import { dunnedMemberColumns, type DueRow, type DunnedInvoiceRow } from '../select';
import type { DunningLevelRow, DunningSettingsRows } from '../settings';

type Db = Kysely<Database> | Transaction<Database>;

/** A postal reminder that needs its letter, with what the letter prints. */
export type LetterRow = DunnedInvoiceRow & {
  notice_id: string;
  notice_level: number;
  /** The run's day that recorded it (YYYY-MM-DD): what its e-mail would have said then. */
  notice_as_of: string;
  /** Why its letter cannot be printed (`hasPostalAddress`); null when it can. */
  unprintable: TDunningLetterUnprintableReason | null;
  trade_name: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country_iso2: string | null;
  country_name: string | null;
  bank_account_id: string | null;
  bank_holder_address: string | null;
};

/** One letter: a member's invoices at one level, oldest due date first. */
export type LetterPlan = {
  level: DunningLevelRow;
  rows: [LetterRow, ...LetterRow[]];
  /** Why it cannot be printed; null when it can. */
  unprintable: TDunningLetterUnprintableReason | null;
};

/** What the letters' list, the PDF and the CLI read once. */
export type LetterSelection = {
  /** Just after it was read: the PDF's `upTo` (recorded before it) prints these letters. */
  preparedAt: Date;
  /** The print day: the letters' date, and what "days overdue" counts to. */
  today: string;
  letters: LetterPlan[];
  lettersTotal: number;
  unprintable: LetterPlan[];
};

/**
 * A member `m` the post can reach: not deleted, with a street and a town (a postal code is not
 * in every country). Written once for the letters printed and the letters marked posted.
 */
export const hasPostalAddress = sql<boolean>`(m.deleted_at IS NULL
  AND btrim(coalesce(m.address_line1, '')) <> '' AND btrim(coalesce(m.city, '')) <> '')`;

/**
 * The postal reminders that need a letter (`letterNeededCondition`, the rule of the invoices
 * list's "Needs a letter" filter), recorded before `upTo` when given, grouped into one letter per
 * member and level, by membership number: the first `dunningLettersMax` printable ones, and every
 * one that cannot be printed. The partial index of unposted postal notices is read, nothing else
 * of the notices (migration 0054).
 */
export async function selectLetters(
  db: Db,
  settings: DunningSettingsRows,
  options: { upTo?: Date | undefined; today?: string } = {},
): Promise<LetterSelection> {
  const upTo = options.upTo ? sql`AND n.created_at < ${options.upTo}` : sql``;
  const { rows } = await sql<LetterRow>`
    SELECT n.id AS notice_id, n.level AS notice_level,
           to_char(n.as_of, 'YYYY-MM-DD') AS notice_as_of,
           i.iid, i.number, i.member_mid, ${dunnedMemberColumns},
           CASE WHEN m.deleted_at IS NOT NULL THEN 'member-deleted'
                WHEN NOT ${hasPostalAddress} THEN 'no-address' END AS unprintable,
           m.trade_name, m.address_line1, m.address_line2, m.postal_code, m.city, m.state,
           m.country_iso2, co.name AS country_name,
           i.currency::text AS currency, i.balance_minor::text, i.total_minor::text,
           to_char(i.issue_date, 'YYYY-MM-DD') AS issue_date,
           to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.payment_reference,
           si.hosted_invoice_url AS card_payment_url,
           i.bank_account_id, b.holder_name AS bank_holder_name,
           b.holder_address AS bank_holder_address, b.bank_name, b.iban AS bank_iban,
           b.qr_iban AS bank_qr_iban, b.bic AS bank_bic
      FROM dunning_notices n
      JOIN invoices i ON i.iid = n.invoice_iid
      JOIN members m ON m.mid = i.member_mid
      LEFT JOIN countries co ON co.iso2 = m.country_iso2
      LEFT JOIN stripe_invoices si ON si.sid = i.card_invoice_sid
      LEFT JOIN bank_accounts b ON b.id = i.bank_account_id
     WHERE ${letterNeededCondition} AND i.due_date IS NOT NULL ${upTo}
     ORDER BY m.number, m.mid, n.level, i.due_date, i.number
  `.execute(db);
  // Read after the rows, from the database's clock, rounded up to the millisecond an ISO time
  // carries: every reminder listed was recorded before it, so a PDF asked for `upTo` this time
  // prints each of them (one recorded since is left for the next print).
  const { rows: clock } = await sql<{ prepared_at: Date }>`
    SELECT date_trunc('milliseconds', clock_timestamp()) + interval '1 millisecond' AS prepared_at
  `.execute(db);
  const preparedAt = new Date(clock[0]?.prepared_at ?? machineTime.now());

  const levels = new Map(settings.levels.map((level) => [level.level, level]));
  const byLetter = new Map<string, LetterPlan>();
  for (const row of rows) {
    const key = `${row.member_mid}:${row.notice_level}`;
    const letter = byLetter.get(key);
    if (letter) {
      letter.rows.push(row);
      continue;
    }
    const level = levels.get(row.notice_level);
    if (!level) continue; // the four levels always exist (migration 0033)
    byLetter.set(key, { level, rows: [row], unprintable: row.unprintable });
  }
  const all = [...byLetter.values()];
  const printable = all.filter((letter) => letter.unprintable === null);
  return {
    preparedAt,
    today: options.today ?? todayAtHeadquarters(),
    letters: printable.slice(0, dunningLettersMax),
    lettersTotal: printable.length,
    unprintable: all.filter((letter) => letter.unprintable !== null),
  };
}

/** Days from one `YYYY-MM-DD` to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A letter row as the dunning run's row of the same invoice and level, so that the letter's
 * wording gets exactly the variables its e-mail gets (`variablesOf` in `run.ts`): the balance
 * open today and the days overdue on the print day.
 */
export function dueRowOf(row: LetterRow, level: DunningLevelRow, today: string): DueRow {
  return {
    iid: row.iid,
    number: row.number,
    member_mid: row.member_mid,
    member_name: row.member_name,
    member_number: row.member_number,
    member_email: row.member_email,
    member_status: row.member_status,
    member_language: row.member_language,
    currency: row.currency.trim(),
    balance_minor: row.balance_minor,
    total_minor: row.total_minor,
    issue_date: row.issue_date,
    due_date: row.due_date,
    payment_reference: row.payment_reference,
    card_payment_url: row.card_payment_url,
    bank_holder_name: row.bank_holder_name,
    bank_name: row.bank_name,
    bank_iban: row.bank_iban,
    bank_qr_iban: row.bank_qr_iban,
    bank_bic: row.bank_bic,
    level: level.level,
    level_name: level.name,
    days_after_due: level.days_after_due,
    suspends: level.suspends,
    template_kind: level.template_kind,
    attach_pdf: level.attach_pdf,
    days_overdue: daysBetween(row.due_date, today),
    skip_reason: null,
    channel: 'postal',
  };
}

/** A letter as the API lists it. */
export function letterItemOf(letter: LetterPlan): TDunningLetter {
  const [first] = letter.rows;
  return {
    memberMid: first.member_mid,
    memberNumber: first.member_number,
    memberName: first.member_name,
    language: first.member_language,
    level: letter.level.level,
    levelName: letter.level.name,
    invoices: letter.rows.map((row) => ({
      noticeId: row.notice_id,
      invoiceId: row.iid,
      invoiceNumber: row.number,
      balanceMinor: row.balance_minor,
      currency: row.currency.trim(),
      dueDate: row.due_date,
      recordedOn: row.notice_as_of,
    })),
  };
}
