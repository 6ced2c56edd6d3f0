import {
  auditReasonKey,
  invoiceFixCheckInfo,
  invoiceFixChecks,
  invoiceFixChecksWithoutRepair,
  invoiceNumberKey,
  type InvoiceFixCheck,
  type TCardLinkRepair,
  type TCardUnlinkedFinding,
  type TCardVoidInvoiceFinding,
  type TDuplicateInvoicesFinding,
  type TFixCardInvoice,
  type TFixInvoice,
  type TFixMemberRef,
  type TInvoiceFixesSummary,
  type TInvoiceFixFindingsPage,
  type TInvoiceFixFindingsQuery,
  type TInvoiceFixResult,
  type TNoMemberFinding,
  type TNoMemberRepair,
  type TPaidMemberPendingFinding,
  type TPaidMemberPendingRepair,
  type TTotals,
  type TTotalsFinding,
  type TTotalsRepair,
  type TVoidDuplicateRepair,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { recordAudit, type Actor } from '../audit/record';
import type { Database, InvoicesTable, MemberStatus, StripeInvoicesTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { checkVersion, versionConflict } from '../db/versioned-write';
import { AppError, badInput } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';
import { isValidCreditorReference, isValidQrReference } from '../seed/iban';
import { applyRuleTwoForPaidInvoiceIn, recordInvoicePaymentIn } from './payment';

/**
 * Invoice fixes: seven checks over invoices and card payments, each an indexed query (migration
 * 0021), and their repairs. Every repair runs in one SERIALIZABLE transaction, locks what it
 * touches, checks the versions the person read (409 otherwise) and writes `fix:<check>` audit
 * entries with before, after and the reason. A paid invoice is never rewritten silently: it can
 * gain a member or a card-payment link (its payment untouched), and its totals are recomputed
 * only when the person confirms it is paid and says why; it is never voided.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type InvoiceRow = Selectable<InvoicesTable>;
type CardRow = Selectable<StripeInvoicesTable>;

/** What a repair needs to run rule 2 (certificates are e-mailed). */
export type FixContext = { publicUrl: string; mailFrom: string };

const unpaidStatuses = ['draft', 'issued'] as const;

/** Minor units as "CHF 1,234.50" (exact: integer arithmetic). */
export function money(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / 100).toLocaleString('en');
  return `${currency} ${sign}${major}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Reading invoices, members and card payments as findings show them

type FixInvoiceRow = {
  iid: string;
  number: string;
  member_mid: string | null;
  kind: TFixInvoice['kind'];
  year: number;
  issue_date: string | null;
  due_date: string | null;
  currency: string;
  status: TFixInvoice['status'];
  subtotal_minor: string;
  vat_minor: string;
  donation_minor: string;
  total_minor: string;
  paid_at: Date | null;
  paid_amount_minor: string | null;
  paid_method: TFixInvoice['paidMethod'];
  payment_reference: string | null;
  source: TFixInvoice['source'];
  import_batch: string | null;
  card_invoice_sid: string | null;
  version: number;
  updated_at: Date;
  m_number: string | null;
  m_legal_name: string | null;
  m_status: MemberStatus | null;
  m_email: string | null;
  m_paid_through_year: number | null;
  m_deleted_at: Date | null;
  m_version: number | null;
};

const fixInvoiceColumns = sql`i.iid, i.number, i.member_mid, i.kind, i.year, i.issue_date,
  i.due_date, i.currency, i.status, i.subtotal_minor, i.vat_minor, i.donation_minor,
  i.total_minor, i.paid_at, i.paid_amount_minor, i.paid_method, i.payment_reference, i.source,
  i.import_batch, i.card_invoice_sid, i.version, i.updated_at,
  m.number AS m_number, m.legal_name AS m_legal_name, m.status AS m_status, m.email AS m_email,
  m.paid_through_year AS m_paid_through_year, m.deleted_at AS m_deleted_at,
  m.version AS m_version`;

function toFixInvoice(row: FixInvoiceRow): TFixInvoice {
  return {
    iid: row.iid,
    number: row.number,
    member:
      row.member_mid && row.m_number !== null
        ? {
            mid: row.member_mid,
            number: row.m_number,
            legalName: row.m_legal_name ?? '',
            status: row.m_status ?? 'active',
            email: row.m_email,
            paidThroughYear: row.m_paid_through_year,
            isDeleted: row.m_deleted_at !== null,
            version: row.m_version ?? 1,
          }
        : null,
    kind: row.kind,
    year: row.year,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency,
    status: row.status,
    subtotalMinor: Number(row.subtotal_minor),
    vatMinor: Number(row.vat_minor),
    donationMinor: Number(row.donation_minor),
    totalMinor: Number(row.total_minor),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    paidAmountMinor: row.paid_amount_minor === null ? null : Number(row.paid_amount_minor),
    paidMethod: row.paid_method,
    paymentReference: row.payment_reference,
    source: row.source,
    importBatch: row.import_batch,
    cardInvoiceSid: row.card_invoice_sid,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Invoices by id, in the order of the ids given. */
async function loadInvoices(db: Db | Trx, iids: readonly string[]): Promise<TFixInvoice[]> {
  if (iids.length === 0) return [];
  const { rows } = await sql<FixInvoiceRow>`
    SELECT ${fixInvoiceColumns} FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.iid = ANY(${[...iids]}::text[])`.execute(db);
  const byIid = new Map(rows.map((row) => [row.iid, toFixInvoice(row)]));
  return iids.flatMap((iid) => byIid.get(iid) ?? []);
}

type MemberRefRow = {
  mid: string;
  number: string;
  legal_name: string;
  status: MemberStatus;
  email: string | null;
  paid_through_year: number | null;
  deleted_at: Date | null;
  version: number;
};

const memberRefColumns = sql`m.mid, m.number, m.legal_name, m.status, m.email,
  m.paid_through_year, m.deleted_at, m.version`;

function toMemberRef(row: MemberRefRow): TFixMemberRef {
  return {
    mid: row.mid,
    number: row.number,
    legalName: row.legal_name,
    status: row.status,
    email: row.email,
    paidThroughYear: row.paid_through_year,
    isDeleted: row.deleted_at !== null,
    version: row.version,
  };
}

function toFixCard(row: CardRow): TFixCardInvoice {
  return {
    sid: row.sid,
    providerInvoiceId: row.provider_invoice_id,
    number: row.number,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    status: row.status,
    amountDueMinor: Number(row.amount_due_minor),
    amountPaidMinor: Number(row.amount_paid_minor),
    currency: row.currency.toUpperCase(),
    createdAt: row.provider_created_at ? new Date(row.provider_created_at).toISOString() : null,
    memberMid: row.member_mid,
    invoiceIid: row.invoice_iid,
    version: row.version,
  };
}

function describeInvoice(invoice: { number: string; status: string }): string {
  return `${invoice.number} (${invoice.status})`;
}

async function countOf(db: Db, query: RawBuilder<{ count: number }>): Promise<number> {
  const { rows } = await query.execute(db);
  return rows[0]?.count ?? 0;
}

// ---------------------------------------------------------------------------------------------
// 1. Invoices without a member

const noMemberIids = sql`
  SELECT iid, number FROM invoices WHERE member_mid IS NULL AND status <> 'void'
  UNION ALL
  SELECT i.iid, i.number FROM members d JOIN invoices i ON i.member_mid = d.mid
   WHERE d.deleted_at IS NOT NULL AND i.status <> 'void'`;

function countNoMember(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM (${noMemberIids}) x`);
}

/**
 * The payment reference's member digits, when it is a valid QR or creditor reference whose
 * payload is what we generate (member digits, the invoice's year, a 7-digit sequence).
 */
export function memberDigitsFromReference(reference: string | null, year: number): string | null {
  if (!reference) return null;
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  let payload: string;
  if (isValidQrReference(compact)) payload = compact.slice(0, 26).replace(/^0+/, '');
  else if (isValidCreditorReference(compact)) payload = compact.slice(4);
  else return null;
  if (!/^\d{12,}$/.test(payload)) return null;
  if (Number(payload.slice(-11, -7)) !== year) return null;
  return payload.slice(0, -11).replace(/^0+/, '') || null;
}

/** The live member a deleted member was merged into (following merges of merges), if any. */
async function mergeSurvivors(db: Db, mids: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  let pending = [...new Set(mids)];
  const origin = new Map(pending.map((mid) => [mid, mid]));
  for (let hop = 0; hop < 5 && pending.length > 0; hop++) {
    const { rows } = await sql<{ record_id: string; into: string; live: boolean }>`
      SELECT DISTINCT ON (a.record_id) a.record_id, a.after -> '_mergedInto' ->> 'mid' AS into,
             (s.deleted_at IS NULL) AS live
        FROM audit_log a JOIN members s ON s.mid = a.after -> '_mergedInto' ->> 'mid'
       WHERE a.table_name = 'members' AND a.record_id = ANY(${pending}::text[])
         AND a.after ? '_mergedInto'
       ORDER BY a.record_id, a.at DESC`.execute(db);
    const next: string[] = [];
    for (const row of rows) {
      const start = origin.get(row.record_id);
      if (!start) continue;
      if (row.live) result.set(start, row.into);
      else if (!origin.has(row.into)) {
        origin.set(row.into, start);
        next.push(row.into);
      }
    }
    pending = next;
  }
  return result;
}

async function findNoMember(
  db: Db,
  query: TInvoiceFixFindingsQuery,
): Promise<{ count: number; findings: TNoMemberFinding[] }> {
  const [{ rows: page }, count] = await Promise.all([
    sql<{ iid: string }>`
      SELECT iid FROM (${noMemberIids}) x ORDER BY number, iid
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countNoMember(db),
  ]);
  const invoices = await loadInvoices(
    db,
    page.map((row) => row.iid),
  );

  // Proposals: the merge survivor of a deleted member; the member the payment reference names;
  // the member of a card payment linked to the invoice.
  const deleted = invoices.flatMap((invoice) => (invoice.member ? [invoice.member.mid] : []));
  const survivors = await mergeSurvivors(db, deleted);
  const digits = new Map(
    invoices.map((invoice) => [
      invoice.iid,
      memberDigitsFromReference(invoice.paymentReference, invoice.year),
    ]),
  );
  const wantedDigits = [...new Set([...digits.values()].filter((d): d is string => d !== null))];
  const [byDigits, byCard] = await Promise.all([
    wantedDigits.length === 0
      ? []
      : sql<MemberRefRow & { digits: string }>`
          SELECT ${memberRefColumns}, member_number_digits(m.number) AS digits FROM members m
           WHERE m.deleted_at IS NULL
             AND member_number_digits(m.number) = ANY(${wantedDigits}::text[])`
          .execute(db)
          .then((r) => r.rows),
    invoices.length === 0
      ? []
      : sql<MemberRefRow & { iid: string }>`
          SELECT DISTINCT ON (s.invoice_iid) s.invoice_iid AS iid, ${memberRefColumns}
            FROM stripe_invoices s JOIN members m ON m.mid = s.member_mid
           WHERE s.invoice_iid = ANY(${invoices.map((i) => i.iid)}::text[])
             AND m.deleted_at IS NULL
           ORDER BY s.invoice_iid, s.provider_created_at DESC`
          .execute(db)
          .then((r) => r.rows),
  ]);
  const survivorMids = [...new Set(survivors.values())];
  const survivorRows =
    survivorMids.length === 0
      ? []
      : (
          await sql<MemberRefRow>`SELECT ${memberRefColumns} FROM members m
            WHERE m.mid = ANY(${survivorMids}::text[])`.execute(db)
        ).rows;
  const survivorByMid = new Map(survivorRows.map((row) => [row.mid, row]));
  const cardByIid = new Map(byCard.map((row) => [row.iid, row]));

  const findings = invoices.map((invoice): TNoMemberFinding => {
    const problem = invoice.member ? 'deleted-member' : 'no-member';
    const survivorMid = invoice.member ? survivors.get(invoice.member.mid) : undefined;
    const survivor = survivorMid ? survivorByMid.get(survivorMid) : undefined;
    const referenceDigits = digits.get(invoice.iid);
    const referenced = referenceDigits
      ? byDigits.filter((row) => row.digits === referenceDigits)
      : [];
    const card = cardByIid.get(invoice.iid);
    const proposed = survivor
      ? {
          ...toMemberRef(survivor),
          reason: `${invoice.member?.number ?? 'its member'} was merged into ${survivor.number}`,
        }
      : referenced.length === 1 && referenced[0]
        ? {
            ...toMemberRef(referenced[0]),
            reason: `the payment reference names member ${referenced[0].number}`,
          }
        : card
          ? { ...toMemberRef(card), reason: `the card payment linked to it is ${card.number}'s` }
          : null;
    const canVoid = (unpaidStatuses as readonly string[]).includes(invoice.status);
    const isPaid = invoice.status === 'paid';
    const what =
      problem === 'deleted-member'
        ? `Its member ${invoice.member?.number ?? ''} is deleted.`
        : 'It has no member.';
    const assign = proposed
      ? `Assign ${proposed.number} ${proposed.legalName} (${proposed.reason})`
      : 'Assign the member it bills (type the membership number)';
    const proposal = isPaid
      ? `${what} ${assign}. It is paid: the member is added, nothing else changes, and a reason is required.`
      : canVoid
        ? `${what} ${assign}, or void it if it was created by mistake.`
        : `${what} ${assign}.`;
    return { invoice, problem, proposedMember: proposed, canVoid, proposal };
  });
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// 2. Duplicate numbers, and 3. membership billed twice

const oddNumberKeys = sql`
  SELECT invoice_number_key(number) AS key, count(*) AS n FROM invoices
   WHERE status <> 'void' AND NOT invoice_number_is_standard(number)
   GROUP BY 1`;

const collidingKeys = sql`
  SELECT key FROM (${oddNumberKeys}) odd
   WHERE n > 1 OR EXISTS (SELECT 1 FROM invoices s
                           WHERE s.number = invoice_number_standard_of(odd.key)
                             AND s.status <> 'void')`;

function countDuplicateNumbers(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM (${collidingKeys}) k`);
}

const billedTwice = sql`
  SELECT member_mid, year FROM invoices
   WHERE kind = 'membership' AND status <> 'void' AND member_mid IS NOT NULL
   GROUP BY member_mid, year HAVING count(*) > 1`;

function countDuplicateBilling(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM (${billedTwice}) b`);
}

/** Every invoice (not void) whose number has one of these keys, in key then number order. */
async function invoicesWithNumberKeys(db: Db | Trx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<{ iid: string }>`
    SELECT iid, number FROM invoices
     WHERE status <> 'void' AND NOT invoice_number_is_standard(number)
       AND invoice_number_key(number) = ANY(${keys}::text[])
    UNION
    SELECT iid, number FROM invoices
     WHERE status <> 'void'
       AND number = ANY(SELECT invoice_number_standard_of(k) FROM unnest(${keys}::text[]) k)
     ORDER BY number, iid`.execute(db);
  return rows.map((row) => row.iid);
}

const statusRank: Record<TFixInvoice['status'], number> = {
  paid: 0,
  uncollectible: 1,
  issued: 2,
  draft: 3,
  void: 4,
};

/**
 * The invoice of a group most worth keeping comes first: paid, then issued (sent) before a draft,
 * then one we generated before an imported or manual one, then the earlier issued.
 */
function byKeepPreference(a: TFixInvoice, b: TFixInvoice): number {
  const generated = (i: TFixInvoice) => (i.source === 'generated' ? 0 : 1);
  return (
    statusRank[a.status] - statusRank[b.status] ||
    generated(a) - generated(b) ||
    (a.issueDate ?? '9999').localeCompare(b.issueDate ?? '9999') ||
    a.number.localeCompare(b.number)
  );
}

function toDuplicateFinding(
  key: string,
  group: TFixInvoice[],
  by: 'number' | 'billing',
): TDuplicateInvoicesFinding {
  const sorted = [...group].sort(byKeepPreference);
  const kept = sorted[0] as TFixInvoice;
  const voidable = sorted
    .slice(1)
    .filter((i) => (unpaidStatuses as readonly string[]).includes(i.status));
  const proposed = voidable[voidable.length - 1] ?? null;
  const members = new Set(group.map((i) => i.member?.mid ?? ''));
  const caution =
    by === 'number' && members.size > 1
      ? ' They bill different members: they may be two real bills whose numbers only look alike. Void one only if it was created by mistake.'
      : '';
  let proposal: string;
  if (proposed) {
    const others = sorted.filter((i) => i.iid !== proposed.iid);
    proposal = `Void ${describeInvoice(proposed)} and keep ${others.map(describeInvoice).join(', ')}${kept.status === 'paid' ? ' (it is paid)' : ''}.${caution}`;
  } else if (group.every((i) => i.status === 'paid')) {
    proposal = `Every invoice of the group is paid: no automatic repair. If the member paid twice, issue a credit note or refund one payment; a paid invoice is never rewritten or voided.`;
  } else {
    proposal = `Only ${describeInvoice(kept)} can stay, and the others are paid or uncollectible (final): no automatic repair. Settle it with a credit note or refund.`;
  }
  return { key, invoices: sorted, proposedVoidIid: proposed?.iid ?? null, proposal };
}

async function findDuplicateNumbers(
  db: Db,
  query: TInvoiceFixFindingsQuery,
): Promise<{ count: number; findings: TDuplicateInvoicesFinding[] }> {
  const [{ rows: keys }, count] = await Promise.all([
    sql<{ key: string }>`
      SELECT key FROM (${collidingKeys}) k ORDER BY key
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countDuplicateNumbers(db),
  ]);
  const wanted = keys.map((row) => row.key);
  const invoices = await loadInvoices(db, await invoicesWithNumberKeys(db, wanted));
  const findings = wanted.flatMap((key) => {
    const group = invoices.filter((invoice) => invoiceNumberKey(invoice.number) === key);
    return group.length < 2 ? [] : [toDuplicateFinding(key, group, 'number')];
  });
  return { count, findings };
}

async function findDuplicateBilling(
  db: Db,
  query: TInvoiceFixFindingsQuery,
): Promise<{ count: number; findings: TDuplicateInvoicesFinding[] }> {
  const [{ rows: groups }, count] = await Promise.all([
    sql<{ member_mid: string; year: number }>`
      SELECT member_mid, year FROM (${billedTwice}) b ORDER BY member_mid, year
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countDuplicateBilling(db),
  ]);
  if (groups.length === 0) return { count, findings: [] };
  const { rows } = await sql<{ iid: string }>`
    SELECT i.iid FROM invoices i
      JOIN unnest(${groups.map((g) => g.member_mid)}::text[], ${groups.map((g) => g.year)}::int[])
           AS g(member_mid, year) ON i.member_mid = g.member_mid AND i.year = g.year
     WHERE i.kind = 'membership' AND i.status <> 'void'
     ORDER BY i.number`.execute(db);
  const invoices = await loadInvoices(
    db,
    rows.map((row) => row.iid),
  );
  const findings = groups.flatMap((g) => {
    const group = invoices.filter((i) => i.member?.mid === g.member_mid && i.year === g.year);
    if (group.length < 2) return [];
    const number = group[0]?.member?.number ?? g.member_mid;
    return [toDuplicateFinding(`${number} · ${g.year}`, group, 'billing')];
  });
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// 4. Totals that do not add up

const totalsDiffer = sql`NOT invoice_totals_match(i.lines, i.subtotal_minor, i.vat_minor,
  i.donation_minor, i.total_minor)`;

function countTotals(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM invoices i WHERE ${totalsDiffer}`);
}

function toTotals(values: readonly (string | number)[] | null): TTotals | null {
  if (!values || values.length !== 4) return null;
  const [subtotalMinor, vatMinor, donationMinor, totalMinor] = values.map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { subtotalMinor, vatMinor, donationMinor, totalMinor };
}

const totalLabels: Record<keyof TTotals, string> = {
  subtotalMinor: 'subtotal',
  vatMinor: 'VAT',
  donationMinor: 'donation',
  totalMinor: 'total',
};

function totalsDifferences(stored: TTotals, computed: TTotals | null, currency: string): string[] {
  if (!computed) return ['The lines cannot be read (a quantity or amount is not a number).'];
  return (Object.keys(totalLabels) as (keyof TTotals)[]).flatMap((field) =>
    stored[field] === computed[field]
      ? []
      : [
          `${totalLabels[field]}: stored ${money(stored[field], currency)}, the lines add up to ${money(computed[field], currency)}`,
        ],
  );
}

async function findTotals(
  db: Db,
  query: TInvoiceFixFindingsQuery,
): Promise<{ count: number; findings: TTotalsFinding[] }> {
  const [{ rows }, count] = await Promise.all([
    sql<{ iid: string; computed: string[] | null }>`
      SELECT i.iid, invoice_lines_totals(i.lines) AS computed FROM invoices i
       WHERE ${totalsDiffer} ORDER BY i.number, i.iid
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countTotals(db),
  ]);
  const invoices = await loadInvoices(
    db,
    rows.map((row) => row.iid),
  );
  const computedOf = new Map(rows.map((row) => [row.iid, toTotals(row.computed)]));
  const findings = invoices.map((invoice): TTotalsFinding => {
    const stored: TTotals = {
      subtotalMinor: invoice.subtotalMinor,
      vatMinor: invoice.vatMinor,
      donationMinor: invoice.donationMinor,
      totalMinor: invoice.totalMinor,
    };
    const computed = computedOf.get(invoice.iid) ?? null;
    const isPaid = invoice.status === 'paid';
    const proposal = !computed
      ? 'The lines cannot be read: correct them on the invoice (a draft), or ask finance; no automatic repair.'
      : isPaid
        ? `Store the totals the lines add up to (total ${money(computed.totalMinor, invoice.currency)}). The invoice is paid (${money(invoice.paidAmountMinor ?? 0, invoice.currency)}): confirm it and say why; the payment is not changed${computed.totalMinor !== (invoice.paidAmountMinor ?? 0) ? ', and the difference to the amount paid must be settled by a credit note or a further invoice' : ''}.`
        : `Store the totals the lines add up to (total ${money(computed.totalMinor, invoice.currency)}).`;
    return {
      invoice,
      stored,
      computed,
      differences: totalsDifferences(stored, computed, invoice.currency),
      needsConfirmation: isPaid,
      proposal,
    };
  });
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// 5. Paid, but the member is still pending

function paidPendingFrom(today: string) {
  return sql`
    FROM members m
    CROSS JOIN LATERAL (
      SELECT i.iid, i.year FROM invoices i
       WHERE i.member_mid = m.mid AND i.kind = 'membership' AND i.status = 'paid'
       ORDER BY i.year DESC, i.iid DESC LIMIT 1) p
   WHERE m.deleted_at IS NULL
     AND (coalesce(m.paid_through_year, 0) < p.year
          OR (m.status = 'pending-payment' AND NOT EXISTS (
                SELECT 1 FROM invoices o
                 WHERE o.member_mid = m.mid AND o.kind = 'membership' AND o.status = 'issued'
                   AND o.due_date < ${today})))`;
}

function countPaidPending(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count ${paidPendingFrom(todayAtHeadquarters())}`);
}

async function findPaidPending(
  db: Db,
  query: TInvoiceFixFindingsQuery,
): Promise<{ count: number; findings: TPaidMemberPendingFinding[] }> {
  const today = todayAtHeadquarters();
  const [{ rows }, count] = await Promise.all([
    sql<MemberRefRow & { iid: string; year: number }>`
      SELECT ${memberRefColumns}, p.iid, p.year ${paidPendingFrom(today)}
       ORDER BY m.number, m.mid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countPaidPending(db),
  ]);
  const invoices = new Map(
    (
      await loadInvoices(
        db,
        rows.map((row) => row.iid),
      )
    ).map((invoice) => [invoice.iid, invoice]),
  );
  const findings = rows.flatMap((row): TPaidMemberPendingFinding[] => {
    const invoice = invoices.get(row.iid);
    if (!invoice) return [];
    const member = toMemberRef(row);
    const problems: string[] = [];
    const effects: string[] = [];
    if (member.status === 'pending-payment') {
      problems.push(`${member.number} is still pending payment`);
      effects.push('make it active');
    }
    if ((member.paidThroughYear ?? 0) < row.year) {
      problems.push(
        member.paidThroughYear === null
          ? `${member.number} has no paid-through year, but paid ${row.year}`
          : `${member.number} is paid through ${member.paidThroughYear}, but paid ${row.year}`,
      );
      effects.push(`move its paid-through year to ${row.year}`);
    }
    const currentYear = Number(today.slice(0, 4));
    if (row.year >= currentYear) effects.push(`issue the ${row.year} certificate if it has none`);
    return [
      {
        member,
        invoice,
        problems,
        proposal: `Run rule 2 for paid invoice ${invoice.number}: ${effects.join(', ')}. The invoice itself does not change.`,
      },
    ];
  });
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// 6. Card payments not linked, and 7. card payments paid on a void invoice

const unlinkedCards = sql<boolean>`invoice_iid IS NULL AND deleted_at IS NULL AND status IN ('open', 'paid')`;

function countCardUnlinked(db: Db) {
  return countOf(
    db,
    sql`SELECT count(*)::int AS count FROM stripe_invoices WHERE ${unlinkedCards}`,
  );
}

const cardOnVoid = sql`FROM invoices v JOIN stripe_invoices s ON s.invoice_iid = v.iid
  WHERE v.status = 'void' AND s.status = 'paid' AND s.deleted_at IS NULL`;

function countCardVoid(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count ${cardOnVoid}`);
}

/** Metadata keys the payment provider's invoice may carry our invoice's id or number under. */
const metadataIidKeys = ['invoice_iid', 'iid', 'invoiceIid', 'invoice_id'];
const metadataNumberKeys = ['invoice_number', 'invoiceNumber', 'number'];

function metadataValue(metadata: unknown, keys: string[]): string | null {
  if (!metadata || typeof metadata !== 'object') return null;
  for (const key of keys) {
    const value = (metadata as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

type CardProposal = { invoice: TFixInvoice; reason: string };

/** Our invoice each card payment most likely pays, and why. */
async function proposeForCards(db: Db, cards: CardRow[]): Promise<Map<string, CardProposal>> {
  const result = new Map<string, CardProposal>();
  if (cards.length === 0) return result;
  const iidsWanted = cards.flatMap((c) => metadataValue(c.metadata, metadataIidKeys) ?? []);
  const numbersWanted = cards.flatMap((c) =>
    [metadataValue(c.metadata, metadataNumberKeys), c.number].filter(
      (n): n is string => n !== null && n !== '',
    ),
  );
  const keysWanted = [...new Set(numbersWanted.map(invoiceNumberKey))];
  const emails = [
    ...new Set(cards.flatMap((c) => (c.customer_email ? [c.customer_email.toLowerCase()] : []))),
  ];
  const memberMids = cards.flatMap((c) => (c.member_mid ? [c.member_mid] : []));
  const [byIid, byNumber, byEmail] = await Promise.all([
    loadInvoices(db, iidsWanted),
    invoicesWithNumberKeys(db, keysWanted).then((iids) => loadInvoices(db, iids)),
    emails.length === 0
      ? []
      : db
          .selectFrom('members')
          .select(['mid', sql<string>`lower(email)`.as('email')])
          .where('deleted_at', 'is', null)
          .where('email', 'is not', null)
          .where(sql<string>`lower(email)`, 'in', emails)
          .execute(),
  ]);
  const midsByEmail = new Map<string, string[]>();
  for (const row of byEmail)
    midsByEmail.set(row.email, [...(midsByEmail.get(row.email) ?? []), row.mid]);
  const candidateMids = [...new Set([...memberMids, ...byEmail.map((row) => row.mid)])];
  const { rows: memberInvoiceRows } =
    candidateMids.length === 0
      ? { rows: [] }
      : await sql<{ iid: string }>`
          SELECT iid FROM invoices
           WHERE member_mid = ANY(${candidateMids}::text[]) AND status IN ('issued', 'paid')
             AND card_invoice_sid IS NULL
           ORDER BY year DESC, issue_date DESC NULLS LAST, iid`.execute(db);
  const memberInvoices = await loadInvoices(
    db,
    memberInvoiceRows.map((row) => row.iid),
  );
  const usable = (invoice: TFixInvoice, card: CardRow) =>
    invoice.status !== 'void' &&
    invoice.status !== 'draft' &&
    (invoice.cardInvoiceSid === null || invoice.cardInvoiceSid === card.sid) &&
    invoice.currency.toUpperCase() === card.currency.toUpperCase();

  for (const card of cards) {
    const iid = metadataValue(card.metadata, metadataIidKeys);
    const fromIid = iid ? byIid.find((i) => i.iid === iid && usable(i, card)) : undefined;
    if (fromIid) {
      result.set(card.sid, { invoice: fromIid, reason: "its metadata names our invoice's id" });
      continue;
    }
    const names = [metadataValue(card.metadata, metadataNumberKeys), card.number].filter(
      (n): n is string => n !== null && n !== '',
    );
    const fromNumber = names
      .map((name) =>
        byNumber.find(
          (i) => invoiceNumberKey(i.number) === invoiceNumberKey(name) && usable(i, card),
        ),
      )
      .find(Boolean);
    if (fromNumber) {
      result.set(card.sid, {
        invoice: fromNumber,
        reason: `its number${fromNumber.number === names[0] ? '' : ' (ignoring case, spaces, dashes and leading zeros)'} is ${fromNumber.number}`,
      });
      continue;
    }
    const mids = new Set([
      ...(card.member_mid ? [card.member_mid] : []),
      ...(card.customer_email ? (midsByEmail.get(card.customer_email.toLowerCase()) ?? []) : []),
    ]);
    const amount = Number(card.amount_due_minor);
    const sameMember = memberInvoices.filter(
      (i) => i.member && mids.has(i.member.mid) && usable(i, card) && i.totalMinor === amount,
    );
    const best = sameMember.find((i) => i.status === 'issued') ?? sameMember[0];
    if (best) {
      result.set(card.sid, {
        invoice: best,
        reason: `same member (${card.member_mid ? 'named by the card payment' : 'the customer e-mail is the member’s'}), amount and currency`,
      });
    }
  }
  return result;
}

async function findCardUnlinked(
  db: Db,
  query: TInvoiceFixFindingsQuery,
): Promise<{ count: number; findings: TCardUnlinkedFinding[] }> {
  const [cards, count] = await Promise.all([
    db
      .selectFrom('stripe_invoices')
      .selectAll()
      .where(unlinkedCards)
      .orderBy('provider_created_at', 'desc')
      .orderBy('sid')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    countCardUnlinked(db),
  ]);
  const proposals = await proposeForCards(db, cards);
  const findings = cards.map((row): TCardUnlinkedFinding => {
    const card = toFixCard(row);
    const found = proposals.get(card.sid);
    const amount = money(card.amountDueMinor, card.currency);
    if (!found) {
      return {
        card,
        proposedInvoice: null,
        proposedReason: null,
        marksPaid: false,
        proposal: `No invoice of ours matches (by id, number, or member with ${amount}): link it to the invoice it pays by number, or refund it if it pays nothing.`,
      };
    }
    const marksPaid = card.status === 'paid' && found.invoice.status === 'issued';
    const alsoPaid = card.status === 'paid' && found.invoice.status === 'paid';
    const paidByThisCard =
      alsoPaid &&
      found.invoice.paidMethod === 'card' &&
      (found.invoice.paidAmountMinor ?? 0) === card.amountPaidMinor;
    return {
      card,
      proposedInvoice: found.invoice,
      proposedReason: found.reason,
      marksPaid,
      proposal:
        `Link it to ${describeInvoice(found.invoice)} (${found.reason})` +
        (marksPaid
          ? `; ${found.invoice.number} is then marked paid by card and rule 2 runs.`
          : paidByThisCard
            ? `. ${found.invoice.number} is marked paid by card for the same amount already: only the link is added.`
            : alsoPaid
              ? `. ${found.invoice.number} is paid already (${found.invoice.paidMethod ?? 'unknown method'}): only the link is added; check whether the member paid twice.`
              : '.'),
    };
  });
  return { count, findings };
}

async function findCardVoid(
  db: Db,
  query: TInvoiceFixFindingsQuery,
): Promise<{ count: number; findings: TCardVoidInvoiceFinding[] }> {
  const [{ rows }, count] = await Promise.all([
    sql<{ sid: string; iid: string }>`SELECT s.sid, v.iid ${cardOnVoid}
      ORDER BY v.number, s.sid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countCardVoid(db),
  ]);
  const [cards, invoices] = await Promise.all([
    rows.length === 0
      ? []
      : db
          .selectFrom('stripe_invoices')
          .selectAll()
          .where(
            'sid',
            'in',
            rows.map((row) => row.sid),
          )
          .execute(),
    loadInvoices(
      db,
      rows.map((row) => row.iid),
    ),
  ]);
  const findings = rows.flatMap((row): TCardVoidInvoiceFinding[] => {
    const card = cards.find((c) => c.sid === row.sid);
    const invoice = invoices.find((i) => i.iid === row.iid);
    if (!card || !invoice) return [];
    return [
      {
        card: toFixCard(card),
        invoice,
        proposal: `No automatic repair: ${money(Number(card.amount_paid_minor), card.currency.toUpperCase())} was paid by card for void invoice ${invoice.number}. Refund the payment at the payment provider, or, if the member owes another invoice, record the payment there and refund nothing; a void invoice is never brought back.`,
      },
    ];
  });
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// Summary and pages

const counters: Record<InvoiceFixCheck, (db: Db) => Promise<number>> = {
  'no-member': countNoMember,
  'duplicate-number': countDuplicateNumbers,
  'duplicate-billing': countDuplicateBilling,
  totals: countTotals,
  'paid-member-pending': countPaidPending,
  'card-unlinked': countCardUnlinked,
  'card-void-invoice': countCardVoid,
};

/** Every check with its count of findings (the checks run side by side). */
export async function getInvoiceFixesSummary(db: Db): Promise<TInvoiceFixesSummary> {
  const counts = await Promise.all(invoiceFixChecks.map((check) => counters[check](db)));
  return {
    checks: invoiceFixChecks.map((check, i) => ({
      check,
      ...invoiceFixCheckInfo[check],
      count: counts[i] ?? 0,
      hasRepair: !invoiceFixChecksWithoutRepair.includes(check),
    })),
  };
}

/** A page of one check's findings, with their number in all. */
export async function getInvoiceFixFindings(
  db: Db,
  check: InvoiceFixCheck,
  query: TInvoiceFixFindingsQuery,
): Promise<TInvoiceFixFindingsPage> {
  const page = { offset: query.offset, limit: query.limit };
  switch (check) {
    case 'no-member':
      return { check, ...page, ...(await findNoMember(db, query)) };
    case 'duplicate-number':
      return { check, ...page, ...(await findDuplicateNumbers(db, query)) };
    case 'duplicate-billing':
      return { check, ...page, ...(await findDuplicateBilling(db, query)) };
    case 'totals':
      return { check, ...page, ...(await findTotals(db, query)) };
    case 'paid-member-pending':
      return { check, ...page, ...(await findPaidPending(db, query)) };
    case 'card-unlinked':
      return { check, ...page, ...(await findCardUnlinked(db, query)) };
    case 'card-void-invoice':
      return { check, ...page, ...(await findCardVoid(db, query)) };
  }
}

// ---------------------------------------------------------------------------------------------
// Repairs: shared steps

/** Locks an invoice and checks the version the person read. */
async function lockInvoice(trx: Trx, iid: string, version: number): Promise<InvoiceRow> {
  const row = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('iid', '=', iid)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', `There is no invoice ${iid}.`);
  await checkVersion(trx, `Invoice ${row.number}`, row, version);
  return row;
}

const stamp = (actor: Actor) => ({
  version: sql<number>`version + 1`,
  updated_at: sql<Date>`now()`,
  updated_by: actor.uid,
});

function requireReason(reason: string | undefined, why: string): string {
  const text = (reason ?? '').trim();
  if (text === '') throw badInput('body.reason', 'required', `Say why: ${why}.`);
  return text;
}

/** Voids an unpaid invoice (`fix:<check>`), with the reason in its audit entry. */
async function voidInvoice(
  trx: Trx,
  actor: Actor,
  before: InvoiceRow,
  check: InvoiceFixCheck,
  reason: string,
): Promise<InvoiceRow> {
  if (!(unpaidStatuses as readonly string[]).includes(before.status)) {
    throw badInput(
      'body.iid',
      'transition',
      before.status === 'paid'
        ? `Invoice ${before.number} is paid: a paid invoice is never voided. Issue a credit note or refund instead.`
        : `Invoice ${before.number} is ${before.status}: only a draft or issued invoice can be voided.`,
    );
  }
  const after = await trx
    .updateTable('invoices')
    .set({ status: 'void', ...stamp(actor) })
    .where('iid', '=', before.iid)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'invoices',
    recordId: before.iid,
    action: `fix:${check}`,
    before: { status: before.status, version: before.version },
    after: {
      status: after.status,
      version: after.version,
      [auditReasonKey]: `Fix "${invoiceFixCheckInfo[check].title}": voided. ${reason}`,
    },
  });
  return after;
}

// ---------------------------------------------------------------------------------------------
// Repair 1: assign a member, or void

/** Gives an invoice without a (live) member its member, or voids it (`fix:no-member`). */
export function repairNoMember(
  db: Db,
  actor: Actor,
  input: TNoMemberRepair,
): Promise<TInvoiceFixResult> {
  const check = 'no-member';
  return writeTransaction(db, async (trx) => {
    const before = await lockInvoice(trx, input.iid, input.version);
    const current = before.member_mid
      ? await trx
          .selectFrom('members')
          .select(['mid', 'number', 'deleted_at'])
          .where('mid', '=', before.member_mid)
          .executeTakeFirst()
      : undefined;
    if (current && current.deleted_at === null) {
      throw badInput(
        'body.iid',
        'check',
        `Invoice ${before.number} bills live member ${current.number}; nothing to fix.`,
      );
    }
    if (before.status === 'void') {
      throw badInput('body.iid', 'check', `Invoice ${before.number} is void; nothing to fix.`);
    }

    if (input.action === 'void') {
      const reason = requireReason(input.reason, 'a voided invoice is gone for good');
      const after = await voidInvoice(trx, actor, before, check, reason);
      return {
        check,
        message: `Invoice ${before.number} was voided.`,
        changed: [{ table: 'invoices', id: after.iid, version: after.version }],
      };
    }

    const isPaid = before.status === 'paid';
    if (isPaid && input.confirmPaid !== true) {
      throw badInput(
        'body.confirmPaid',
        'confirm-paid',
        `Invoice ${before.number} is paid: confirm that you are adding its member to a paid invoice.`,
      );
    }
    const reason = isPaid
      ? requireReason(input.reason, `invoice ${before.number} is paid`)
      : (input.reason ?? '').trim();
    const member = await trx
      .selectFrom('members')
      .select(['mid', 'number', 'legal_name', 'deleted_at'])
      .where('number', '=', input.memberNumber)
      .executeTakeFirst();
    if (!member) {
      throw badInput(
        'body.memberNumber',
        'exists',
        `No member has the number ${input.memberNumber}.`,
      );
    }
    if (member.deleted_at !== null) {
      throw badInput(
        'body.memberNumber',
        'deleted',
        `Member ${member.number} is deleted; choose a live member.`,
      );
    }
    const after = await trx
      .updateTable('invoices')
      .set({ member_mid: member.mid, ...stamp(actor) })
      .where('iid', '=', before.iid)
      .returningAll()
      .executeTakeFirstOrThrow();
    const what = current ? `its member ${current.number} was deleted` : 'it had no member';
    await recordAudit(trx, actor, {
      table: 'invoices',
      recordId: before.iid,
      action: `fix:${check}`,
      before: { member_mid: before.member_mid, version: before.version },
      after: {
        member_mid: after.member_mid,
        version: after.version,
        [auditReasonKey]:
          `Fix "invoices without a member": ${what}; now billed to ${member.number} ${member.legal_name}.` +
          (isPaid
            ? ` Paid invoice: only its member was added; amounts and payment unchanged.`
            : '') +
          (reason ? ` ${reason}` : ''),
      },
    });
    return {
      check,
      message:
        `Invoice ${before.number} now bills ${member.number} ${member.legal_name}.` +
        (isPaid
          ? ' It is paid: only its member was added. If the member is still pending, "Paid, but the member is still pending" now lists it.'
          : ''),
      changed: [{ table: 'invoices', id: after.iid, version: after.version }],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Repair 2/3: void the unpaid duplicate

/** The other invoices (not void) of the group an invoice is in, for one of the two checks. */
async function otherDuplicates(
  trx: Trx,
  invoice: InvoiceRow,
  check: 'duplicate-number' | 'duplicate-billing',
): Promise<string[]> {
  if (check === 'duplicate-number') {
    const iids = await invoicesWithNumberKeys(trx, [invoiceNumberKey(invoice.number)]);
    const others = iids.filter((iid) => iid !== invoice.iid);
    if (others.length === 0) return [];
    const rows = await trx
      .selectFrom('invoices')
      .select('number')
      .where('iid', 'in', others)
      .execute();
    return rows.map((row) => row.number);
  }
  if (invoice.kind !== 'membership' || !invoice.member_mid) return [];
  const rows = await trx
    .selectFrom('invoices')
    .select('number')
    .where('member_mid', '=', invoice.member_mid)
    .where('year', '=', invoice.year)
    .where('kind', '=', 'membership')
    .where('status', '<>', 'void')
    .where('iid', '<>', invoice.iid)
    .orderBy('number')
    .execute();
  return rows.map((row) => row.number);
}

/** Voids the unpaid invoice of a duplicate group (`fix:duplicate-number|billing`). */
export function repairDuplicate(
  db: Db,
  actor: Actor,
  check: 'duplicate-number' | 'duplicate-billing',
  input: TVoidDuplicateRepair,
): Promise<TInvoiceFixResult> {
  return writeTransaction(db, async (trx) => {
    const before = await lockInvoice(trx, input.iid, input.version);
    if (before.status === 'void') {
      throw badInput('body.iid', 'check', `Invoice ${before.number} is void already.`);
    }
    const others = await otherDuplicates(trx, before, check);
    if (others.length === 0) {
      throw badInput(
        'body.iid',
        'check',
        `Invoice ${before.number} has no duplicate (any more): it is the only one of its ${check === 'duplicate-number' ? 'number' : 'member and year'}; nothing to void.`,
      );
    }
    const reason = requireReason(input.reason, 'a voided invoice is gone for good');
    const after = await voidInvoice(
      trx,
      actor,
      before,
      check,
      `Duplicate of ${others.join(', ')}. ${reason}`,
    );
    return {
      check,
      message: `Invoice ${before.number} was voided; ${others.join(', ')} ${others.length === 1 ? 'stays' : 'stay'}.`,
      changed: [{ table: 'invoices', id: after.iid, version: after.version }],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Repair 4: recompute the totals

/**
 * Stores the totals the lines add up to (`fix:totals`). For a paid invoice only when the person
 * confirms it and says why; the payment (date, amount, method) is never touched, and the audit
 * entry keeps before, after and the amount paid.
 */
export function repairTotals(
  db: Db,
  actor: Actor,
  input: TTotalsRepair,
): Promise<TInvoiceFixResult> {
  const check = 'totals';
  return writeTransaction(db, async (trx) => {
    const before = await lockInvoice(trx, input.iid, input.version);
    const { rows } = await sql<{ computed: string[] | null }>`
      SELECT invoice_lines_totals(lines) AS computed FROM invoices WHERE iid = ${before.iid}`.execute(
      trx,
    );
    const computed = toTotals(rows[0]?.computed ?? null);
    if (!computed) {
      throw badInput(
        'body.iid',
        'lines',
        `The lines of invoice ${before.number} cannot be read (a quantity or amount is not a number): correct them first.`,
      );
    }
    const stored: TTotals = {
      subtotalMinor: Number(before.subtotal_minor),
      vatMinor: Number(before.vat_minor),
      donationMinor: Number(before.donation_minor),
      totalMinor: Number(before.total_minor),
    };
    const differences = totalsDifferences(stored, computed, before.currency);
    if (differences.length === 0) {
      throw badInput(
        'body.iid',
        'check',
        `The totals of invoice ${before.number} already add up; nothing to fix.`,
      );
    }
    const isPaid = before.status === 'paid';
    if (isPaid && input.confirmPaid !== true) {
      throw badInput(
        'body.confirmPaid',
        'confirm-paid',
        `Invoice ${before.number} is paid: confirm that you are changing the totals of a paid invoice (its payment stays as it is).`,
      );
    }
    const reason = isPaid
      ? requireReason(input.reason, `invoice ${before.number} is paid`)
      : (input.reason ?? '').trim();
    const after = await trx
      .updateTable('invoices')
      .set({
        subtotal_minor: computed.subtotalMinor,
        vat_minor: computed.vatMinor,
        donation_minor: computed.donationMinor,
        total_minor: computed.totalMinor,
        ...stamp(actor),
      })
      .where('iid', '=', before.iid)
      .returningAll()
      .executeTakeFirstOrThrow();
    const paidAmount = before.paid_amount_minor === null ? null : Number(before.paid_amount_minor);
    const paidNote =
      isPaid && paidAmount !== null
        ? ` Paid invoice: its payment of ${money(paidAmount, before.currency)} was not changed${paidAmount !== computed.totalMinor ? `; it differs from the new total by ${money(computed.totalMinor - paidAmount, before.currency)}` : ''}.`
        : '';
    await recordAudit(trx, actor, {
      table: 'invoices',
      recordId: before.iid,
      action: `fix:${check}`,
      before: {
        subtotal_minor: before.subtotal_minor,
        vat_minor: before.vat_minor,
        donation_minor: before.donation_minor,
        total_minor: before.total_minor,
        version: before.version,
      },
      after: {
        subtotal_minor: after.subtotal_minor,
        vat_minor: after.vat_minor,
        donation_minor: after.donation_minor,
        total_minor: after.total_minor,
        version: after.version,
        ...(isPaid ? { paid_amount_minor: before.paid_amount_minor } : {}),
        [auditReasonKey]:
          `Fix "totals": stored totals did not add up (${differences.join('; ')}); recomputed from the lines.${paidNote}` +
          (reason ? ` ${reason}` : ''),
      },
    });
    return {
      check,
      message: `Invoice ${before.number} now totals ${money(computed.totalMinor, before.currency)} (was ${money(stored.totalMinor, before.currency)}).${paidNote}`,
      changed: [{ table: 'invoices', id: after.iid, version: after.version }],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Repair 5: rule 2 for a paid invoice

/** Runs rule 2's member side for a paid membership invoice (`fix:paid-member-pending`). */
export function repairPaidMemberPending(
  db: Db,
  actor: Actor,
  input: TPaidMemberPendingRepair,
  context: FixContext,
): Promise<TInvoiceFixResult> {
  const check = 'paid-member-pending';
  return writeTransaction(db, async (trx) => {
    const member = await trx
      .selectFrom('members')
      .selectAll()
      .where('mid', '=', input.mid)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw new AppError('not-found', `No member has the id ${input.mid}.`);
    await checkVersion(trx, `Member ${member.number}`, member, input.memberVersion);
    if (member.deleted_at !== null) {
      throw badInput('body.mid', 'deleted', `Member ${member.number} is deleted.`);
    }
    const invoice = await trx
      .selectFrom('invoices')
      .select(['iid', 'number', 'member_mid', 'kind', 'status', 'year'])
      .where('iid', '=', input.iid)
      .executeTakeFirst();
    if (!invoice) throw new AppError('not-found', `There is no invoice ${input.iid}.`);
    if (invoice.member_mid !== member.mid || invoice.kind !== 'membership') {
      throw badInput(
        'body.iid',
        'check',
        `Invoice ${invoice.number} is not a membership invoice of ${member.number}.`,
      );
    }
    const outcome = await applyRuleTwoForPaidInvoiceIn(trx, actor, invoice.iid, {
      ...context,
      invoiceField: 'body.iid',
    });
    const after = await trx
      .selectFrom('members')
      .select(['status', 'paid_through_year', 'version'])
      .where('mid', '=', member.mid)
      .executeTakeFirstOrThrow();
    if (after.version === member.version) {
      throw badInput(
        'body.mid',
        'check',
        `Nothing to fix for ${member.number}: ${outcome.memberEffects.join('; ') || `rule 2 for invoice ${invoice.number} changes nothing`}.`,
      );
    }
    const reason = (input.reason ?? '').trim();
    await recordAudit(trx, actor, {
      table: 'members',
      recordId: member.mid,
      action: `fix:${check}`,
      before: {
        status: member.status,
        paid_through_year: member.paid_through_year,
        version: member.version,
      },
      after: {
        ...after,
        [auditReasonKey]:
          `Fix "paid, but the member is still pending": rule 2 run for paid invoice ${invoice.number} (${outcome.memberEffects.join('; ')}); the invoice was not changed.` +
          (reason ? ` ${reason}` : ''),
      },
    });
    return {
      check,
      message: `Rule 2 run for invoice ${invoice.number}: ${outcome.memberEffects.join('; ')}.`,
      changed: [{ table: 'members', id: member.mid, version: after.version }],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Repair 6: link a card payment

/**
 * Links a card-payment invoice to ours (`fix:card-unlinked`): both sides record the link; when
 * the card invoice is paid and ours is issued, ours is marked paid by card (rule 2 runs). A paid
 * invoice of ours only gains the link.
 */
export function repairCardUnlinked(
  db: Db,
  actor: Actor,
  input: TCardLinkRepair,
  context: FixContext,
): Promise<TInvoiceFixResult> {
  const check = 'card-unlinked';
  return writeTransaction(db, async (trx) => {
    const card = await trx
      .selectFrom('stripe_invoices')
      .selectAll()
      .where('sid', '=', input.sid)
      .forUpdate()
      .executeTakeFirst();
    if (!card) throw new AppError('not-found', `There is no card-payment invoice ${input.sid}.`);
    if (card.version !== input.version) {
      throw await versionConflict(trx, `Card payment ${card.number ?? card.provider_invoice_id}`, {
        updated_by: null,
        updated_at: card.updated_at,
      });
    }
    const label = card.number ?? card.provider_invoice_id;
    if (card.invoice_iid !== null) {
      throw badInput('body.sid', 'check', `Card payment ${label} is linked already.`);
    }
    const invoice = await lockInvoice(trx, input.iid, input.invoiceVersion);
    if (invoice.status !== 'issued' && invoice.status !== 'paid') {
      throw badInput(
        'body.iid',
        'status',
        `Invoice ${invoice.number} is ${invoice.status}: link a card payment only to an issued or paid invoice.`,
      );
    }
    if (invoice.card_invoice_sid !== null && invoice.card_invoice_sid !== card.sid) {
      throw badInput(
        'body.iid',
        'linked',
        `Invoice ${invoice.number} is linked to another card payment already.`,
      );
    }
    if (invoice.currency.toUpperCase() !== card.currency.toUpperCase()) {
      throw badInput(
        'body.iid',
        'currency',
        `Card payment ${label} is in ${card.currency.toUpperCase()}, invoice ${invoice.number} in ${invoice.currency}.`,
      );
    }
    if (card.member_mid && invoice.member_mid && card.member_mid !== invoice.member_mid) {
      throw badInput(
        'body.iid',
        'member',
        `Card payment ${label} is another member's than invoice ${invoice.number}.`,
      );
    }
    const reason = (input.reason ?? '').trim();
    const cardAfter = await trx
      .updateTable('stripe_invoices')
      .set({
        invoice_iid: invoice.iid,
        member_mid: card.member_mid ?? invoice.member_mid,
        version: sql<number>`version + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('sid', '=', card.sid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      table: 'stripe_invoices',
      recordId: card.sid,
      action: `fix:${check}`,
      before: { invoice_iid: null, member_mid: card.member_mid, version: card.version },
      after: {
        invoice_iid: cardAfter.invoice_iid,
        member_mid: cardAfter.member_mid,
        version: cardAfter.version,
        [auditReasonKey]:
          `Fix "card payments not linked": linked to invoice ${invoice.number}.` +
          (reason ? ` ${reason}` : ''),
      },
    });
    const linked = await trx
      .updateTable('invoices')
      .set({ card_invoice_sid: card.sid, ...stamp(actor) })
      .where('iid', '=', invoice.iid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      table: 'invoices',
      recordId: invoice.iid,
      action: `fix:${check}`,
      before: { card_invoice_sid: invoice.card_invoice_sid, version: invoice.version },
      after: {
        card_invoice_sid: linked.card_invoice_sid,
        version: linked.version,
        [auditReasonKey]:
          `Fix "card payments not linked": card payment ${label} linked.` +
          (invoice.status === 'paid' ? ' Paid invoice: only the link was added.' : '') +
          (reason ? ` ${reason}` : ''),
      },
    });

    let version = linked.version;
    let message = `Card payment ${label} is linked to invoice ${invoice.number}.`;
    if (card.status === 'paid' && invoice.status === 'issued') {
      const outcome = await recordInvoicePaymentIn(
        trx,
        actor,
        invoice.iid,
        {
          paidAt: new Date(card.paid_at ?? card.last_event_at ?? card.updated_at),
          amountMinor: Number(card.amount_paid_minor),
          method: 'card',
          reference: card.provider_invoice_id,
        },
        {
          ...context,
          invoiceField: 'body.iid',
          reason: `Card payment ${label} (linked by a fix)`,
        },
      );
      version = outcome.invoice.version;
      message += ` It is now paid by card${outcome.memberEffects.length > 0 ? `: ${outcome.memberEffects.join('; ')}` : ''}.`;
    } else if (
      card.status === 'paid' &&
      invoice.status === 'paid' &&
      invoice.paid_method !== 'card'
    ) {
      message += ` Both were paid already (ours by ${invoice.paid_method ?? 'another method'}): check whether the member paid twice.`;
    }
    return {
      check,
      message,
      changed: [
        { table: 'stripe_invoices', id: card.sid, version: cardAfter.version },
        { table: 'invoices', id: invoice.iid, version },
      ],
    };
  });
}
