/**
 * One batch of a renewal run (invoices/renewal.ts), step by step in its transaction: who is
 * already invoiced, the price of the others, their invoices and audit entries in one insert each,
 * the e-mails, and the run's progress.
 */
import { auditReasonKey, invoiceCurrencies, membershipFeeMinor, feeBandOf } from '@ops/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { recordAudits, type Actor } from '../db/audit';
import type { Database, InvoiceRenewalRunsTable, InvoicesTable } from '../db/schema';
import { reusePlansForBulkWrite } from '../db/transaction';
import { loadEmailRenderer, loadInvoiceEmailFacts } from '../email-templates';
import { queueEmails } from '../emails';
import { todayAtHeadquarters } from '../lib/dates';
import { newId } from '../lib/ids';
import { addDays, invoicePaymentTermDays } from './lifecycle';
import { allocateInvoiceSequences, invoiceNumberOf, paymentReferenceOf } from './numbers';
import { applyMemberCreditIn } from './money/member-credit';
import { renewalFeeLine } from './membership-fee-line';

type Trx = Transaction<Database>;
export type RunRow = Selectable<InvoiceRenewalRunsTable>;

/** An active bank account a renewal invoice is paid to (the currency's default first). */
export type RenewalAccount = { id: string; currency: string; qr_iban: string | null };

export type Candidate = {
  mid: string;
  number: string;
  legal_name: string;
  email: string | null;
  category: 'individual' | 'association' | 'group' | 'honorary';
  billing_currency: string;
  fee_category: string | null;
  income_group: string | null;
};

/** A member to invoice: the currency, fee and account its invoice gets. */
type DueInvoice = { candidate: Candidate; currency: string; fee: number; account: RenewalAccount };

/** Invoices issued by currency in one batch. */
type BatchTotals = Record<string, { count: number; total: number }>;

/**
 * Who is renewed: active members, not deleted, not honorary (they pay no fee). Pending-payment,
 * overdue and suspended members are left out on purpose: their membership waits on an unpaid
 * invoice, and piling next year's fee on it helps nobody. Once they pay, rule 2 makes them
 * active, and running the renewal again (it is idempotent) invoices them.
 */
export function renewedMembers(db: Kysely<Database>) {
  return db
    .selectFrom('members as m')
    .where('m.status', '=', 'active')
    .where('m.deleted_at', 'is', null)
    .where('m.category', '<>', 'honorary');
}

/** The next batch of members to look at, in membership id order after `after`. */
export function selectCandidates(
  db: Kysely<Database>,
  after: string,
  batchSize: number,
): Promise<Candidate[]> {
  return renewedMembers(db)
    .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
    .select([
      'm.mid',
      'm.number',
      'm.legal_name',
      sql<string | null>`coalesce(m.billing_email, m.email)`.as('email'),
      'm.category',
      'm.billing_currency',
      'c.fee_category',
      'c.income_group',
    ])
    .where('m.mid', '>', after)
    .orderBy('m.mid')
    .limit(batchSize)
    .execute();
}

/** The account each currency's invoices are paid to: its default active account, else the first. */
export async function renewalAccounts(db: Kysely<Database>): Promise<Map<string, RenewalAccount>> {
  const accounts = await db
    .selectFrom('bank_accounts')
    .select(['id', 'currency', 'qr_iban', 'is_default'])
    .where('active', '=', true)
    .orderBy('is_default', 'desc')
    .orderBy('label')
    .execute();
  const accountOf = new Map<string, RenewalAccount>();
  for (const account of accounts) {
    const currency = account.currency.trim();
    if (!accountOf.has(currency)) accountOf.set(currency, account);
  }
  return accountOf;
}

/**
 * The candidates that already have a membership invoice (not void) for the year (also read by
 * the run's preview, `renewal-preview.ts`, outside a transaction).
 */
export async function alreadyInvoiced(
  trx: Kysely<Database>,
  candidates: Candidate[],
  year: number,
) {
  const rows = await trx
    .selectFrom('invoices')
    .select('member_mid')
    .where(
      'member_mid',
      '=',
      sql<string>`ANY(${candidates.map((candidate) => candidate.mid)}::text[])`,
    )
    .where('kind', '=', 'membership')
    .where('year', '=', year)
    .where('status', '<>', 'void')
    .execute();
  return new Set(rows.map((row) => row.member_mid));
}

/**
 * The fee of each member still to invoice (by billing currency, country fee band and category)
 * and why the others are skipped (a currency not invoiced, no account in it).
 */
export function priceCandidates(
  candidates: Candidate[],
  invoiced: Set<string | null>,
  accountOf: Map<string, RenewalAccount>,
): { due: DueInvoice[]; skipped: Record<string, number> } {
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
  const due: DueInvoice[] = [];
  for (const candidate of candidates) {
    if (invoiced.has(candidate.mid) || candidate.category === 'honorary') continue;
    const currency = candidate.billing_currency.trim();
    if (!(invoiceCurrencies as readonly string[]).includes(currency)) {
      skip(`billing currency ${currency} is not invoiced`);
      continue;
    }
    const account = accountOf.get(currency);
    if (!account) {
      skip(`no active bank account in ${currency}`);
      continue;
    }
    const band = feeBandOf(candidate);
    const fee = membershipFeeMinor(
      currency as (typeof invoiceCurrencies)[number],
      band,
      candidate.category,
    );
    due.push({ candidate, currency, fee, account });
  }
  return { due, skipped };
}

/**
 * The batch's invoices, issued today and due after the payment term, numbered as one block of
 * the year's sequences; inserted in one statement with their audit entries in another.
 */
async function insertInvoices(
  trx: Trx,
  actor: Actor,
  year: number,
  due: DueInvoice[],
  dates: { today: string; dueDate: string },
): Promise<{ rows: Insertable<InvoicesTable>[]; totals: BatchTotals }> {
  const author = actor.uid ?? actor.kind;
  const totals: BatchTotals = {};
  const rows: Insertable<InvoicesTable>[] = [];
  if (due.length === 0) return { rows, totals };
  const first = await allocateInvoiceSequences(trx, year, due.length);
  due.forEach(({ candidate, currency, fee, account }, i) => {
    const sequence = first + i;
    const category = candidate.category as Exclude<typeof candidate.category, 'honorary'>;
    const lines = [renewalFeeLine(year, category, fee)];
    rows.push({
      iid: newId(),
      number: invoiceNumberOf(year, sequence),
      member_mid: candidate.mid,
      kind: 'membership',
      year,
      issue_date: dates.today,
      due_date: dates.dueDate,
      currency,
      lines: JSON.stringify(lines),
      subtotal_minor: fee,
      vat_minor: 0,
      donation_minor: 0,
      total_minor: fee,
      bank_account_id: account.id,
      payment_reference: paymentReferenceOf(account, candidate.number, year, sequence),
      status: 'issued',
      source: 'generated',
      created_by: author,
      updated_by: author,
    });
    const sum = (totals[currency] ??= { count: 0, total: 0 });
    sum.count++;
    sum.total += fee;
  });
  await trx.insertInto('invoices').values(rows).execute();
  await recordAudits(
    trx,
    actor,
    rows.map((invoice) => ({
      table: 'invoices',
      recordId: invoice.iid,
      action: 'create',
      before: null,
      after: {
        ...invoice,
        lines: JSON.parse(invoice.lines as string) as unknown,
        version: 1,
        [auditReasonKey]: `Renewal run ${year}`,
      },
    })),
  );
  return { rows, totals };
}

/**
 * The invoices go out by e-mail, each with its PDF made by the delivery worker as it leaves
 * (rendering 100,000 PDFs here would hold the run for many minutes), each in its member's
 * language (issue 17). A batch reads its invoices' facts in one query (after member credit was
 * applied, so balances are right) and the templates once; the parsed templates are cached, so a
 * thousand renders cost a few milliseconds. Returns how many.
 */
async function queueInvoiceEmails(
  trx: Trx,
  mailFrom: string,
  rows: Insertable<InvoicesTable>[],
): Promise<number> {
  const facts = await loadInvoiceEmailFacts(
    trx,
    rows.map((invoice) => invoice.iid),
  );
  const renderer = await loadEmailRenderer(trx, ['invoice']);
  const emails = [];
  for (const invoice of rows) {
    const fact = facts.get(invoice.iid);
    if (!fact?.email) continue;
    const { subject, text, html } = await renderer.render('invoice', fact.language, {
      member: fact.member,
      invoice: fact.invoice,
      bankAccount: fact.bankAccount,
    });
    emails.push({
      to: [fact.email],
      subject,
      text,
      html,
      kind: 'invoice-issued',
      related: { table: 'invoices' as const, id: fact.iid },
      generatedAttachments: [{ kind: 'invoice-pdf' as const, iid: fact.iid }],
    });
  }
  return queueEmails(trx, mailFrom, emails);
}

/**
 * Adds the batch's counts, skips and totals to the run's (locked) row, and the batch's last
 * member, after which a run taken over resumes (in this transaction, so the counts stay exact).
 */
async function recordProgress(
  trx: Trx,
  runId: string,
  batch: {
    lastMid: string | null;
    processed: number;
    issued: number;
    alreadyInvoiced: number;
    emailsQueued: number;
    skipped: Record<string, number>;
    totals: BatchTotals;
  },
): Promise<RunRow> {
  const current = await trx
    .selectFrom('invoice_renewal_runs')
    .selectAll()
    .where('id', '=', runId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const mergedSkipped = { ...current.skipped };
  for (const [reason, count] of Object.entries(batch.skipped)) {
    mergedSkipped[reason] = (mergedSkipped[reason] ?? 0) + count;
  }
  const mergedTotals = { ...current.totals };
  for (const [currency, sum] of Object.entries(batch.totals)) {
    const before = mergedTotals[currency] ?? { count: 0, totalMinor: '0' };
    mergedTotals[currency] = {
      count: before.count + sum.count,
      totalMinor: String(BigInt(before.totalMinor) + BigInt(sum.total)),
    };
  }
  return trx
    .updateTable('invoice_renewal_runs')
    .set({
      processed: current.processed + batch.processed,
      issued: current.issued + batch.issued,
      already_invoiced: current.already_invoiced + batch.alreadyInvoiced,
      emails_queued: current.emails_queued + batch.emailsQueued,
      resume_after: batch.lastMid ?? current.resume_after,
      skipped: JSON.stringify(mergedSkipped),
      totals: JSON.stringify(mergedTotals),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', runId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Issue 16: members of the batch with credit in their new invoice's currency have it applied
 * to that invoice (one query finds them, among a thousand members usually none or a few); an
 * invoice the credit covers becomes paid, with rule 2. Returns how many invoices took credit.
 */
async function applyMemberCredits(
  trx: Trx,
  actor: Actor,
  rows: Insertable<InvoicesTable>[],
  context: { publicUrl: string; mailFrom: string },
): Promise<number> {
  if (rows.length === 0) return 0;
  const withCredit = await trx
    .selectFrom('money_movements')
    .select(['member_mid', 'currency'])
    .where(
      'member_mid',
      '=',
      sql<string>`ANY(${rows.map((invoice) => invoice.member_mid)}::text[])`,
    )
    .groupBy(['member_mid', 'currency'])
    .having(sql`sum(credit_minor)`, '>', 0)
    .execute();
  const credited = new Set(withCredit.map((row) => `${row.member_mid}:${row.currency.trim()}`));
  let applied = 0;
  for (const invoice of rows) {
    if (!credited.has(`${invoice.member_mid}:${invoice.currency}`)) continue;
    if (await applyMemberCreditIn(trx, actor, invoice.iid, context)) applied++;
  }
  return applied;
}

/**
 * One batch, in the caller's transaction, under the year's advisory lock: members who already
 * have a membership invoice (not void) for the year are counted and left alone, the others get
 * an issued invoice with its audit entry (and e-mail when the run sends them), and the run's
 * counts move. Returns the run as it now stands.
 */
export async function renewBatch(
  trx: Trx,
  actor: Actor,
  run: Pick<RunRow, 'id' | 'year' | 'send_emails'>,
  candidates: Candidate[],
  options: { accountOf: Map<string, RenewalAccount>; mailFrom: string; publicUrl?: string },
): Promise<RunRow> {
  const year = run.year;
  await reusePlansForBulkWrite(trx); // a thousand invoices, each with its foreign keys
  await sql`SELECT pg_advisory_xact_lock(hashtext('invoice-renewal'), ${year})`.execute(trx);
  const invoiced = await alreadyInvoiced(trx, candidates, year);
  const { due, skipped } = priceCandidates(candidates, invoiced, options.accountOf);

  const today = todayAtHeadquarters();
  const dueDate = addDays(today, invoicePaymentTermDays);
  const { rows, totals } = await insertInvoices(trx, actor, year, due, { today, dueDate });
  await applyMemberCredits(trx, actor, rows, {
    publicUrl: options.publicUrl ?? '',
    mailFrom: options.mailFrom,
  });
  const emailsQueued = run.send_emails ? await queueInvoiceEmails(trx, options.mailFrom, rows) : 0;

  return recordProgress(trx, run.id, {
    lastMid: candidates.at(-1)?.mid ?? null,
    processed: candidates.length,
    issued: rows.length,
    alreadyInvoiced: invoiced.size,
    emailsQueued,
    skipped,
    totals,
  });
}
