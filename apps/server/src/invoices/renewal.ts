import {
  invoiceCurrencies,
  membershipFeeMinor,
  membershipVatExemption,
  type TInvoiceRenewalRequest,
  type TInvoiceRenewalRun,
} from '@ops/contract';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Actor } from '../audit/record';
import { feeBandOf } from '../applications/workflow';
import type { Database, InvoiceLine, InvoiceRenewalRunsTable, InvoicesTable } from '../db/schema';
import { reusePlansForBulkWrite, writeTransaction } from '../db/transaction';
import { refreshStatistics, type StatisticsLog } from '../lists/refresh-statistics';
import { todayAtHeadquarters } from '../lib/dates';
import { newId } from '../lib/ids';
import { queueEmails } from '../emails/outbox';
import { invoiceIssuedEmail } from '../emails/templates';
import { addDays, formatAmountForMail, invoicePaymentTermDays } from './lifecycle';
import { allocateInvoiceSequences, invoiceNumberOf, paymentReferenceOf } from './numbers';

/** Members per transaction: each batch commits on its own, so a run shows progress. */
export const renewalBatchSize = 1_000;

/** A running run whose progress has not moved for this long was interrupted (server stopped). */
const staleRunMs = 2 * 60_000;

type RunRow = Selectable<InvoiceRenewalRunsTable>;

const categoryLabel = {
  individual: 'individual member',
  association: 'association member',
  group: 'group member',
} as const;

/**
 * Who is renewed: active members, not deleted, not honorary (they pay no fee). Pending-payment,
 * overdue and suspended members are left out on purpose: their membership waits on an unpaid
 * invoice, and piling next year's fee on it helps nobody. Once they pay, rule 2 makes them
 * active, and running the renewal again (it is idempotent) invoices them.
 */
function renewedMembers(db: Kysely<Database>) {
  return db
    .selectFrom('members as m')
    .where('m.status', '=', 'active')
    .where('m.deleted_at', 'is', null)
    .where('m.category', '<>', 'honorary');
}

export function toRenewalRun(row: RunRow, startedBy: string | null = null): TInvoiceRenewalRun {
  return {
    id: row.id,
    year: row.year,
    status: row.status,
    total: row.total,
    processed: row.processed,
    issued: row.issued,
    alreadyInvoiced: row.already_invoiced,
    sendEmails: row.send_emails,
    emailsQueued: row.emails_queued,
    skipped: Object.entries(row.skipped ?? {}).map(([reason, count]) => ({ reason, count })),
    totals: Object.entries(row.totals ?? {}).map(([currency, value]) => ({
      currency,
      count: value.count,
      totalMinor: value.totalMinor,
    })),
    error: row.error,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    startedBy: startedBy ?? row.started_by,
  };
}

export async function getRenewalRun(
  db: Kysely<Database>,
  id: string,
): Promise<TInvoiceRenewalRun | null> {
  const row = await db
    .selectFrom('invoice_renewal_runs as r')
    .leftJoin('users as u', 'u.uid', 'r.started_by')
    .selectAll('r')
    .select('u.email as started_by_email')
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row ? toRenewalRun(row, row.started_by_email ?? row.started_by) : null;
}

/**
 * Starts a renewal run for a year, or answers the one already running for it (a run that
 * stopped moving is marked failed first, so a restarted server can run it again).
 */
export async function createRenewalRun(
  db: Kysely<Database>,
  actor: Actor,
  request: TInvoiceRenewalRequest,
): Promise<{ run: RunRow; isNew: boolean }> {
  return writeTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('invoice-renewal'), ${request.year})`.execute(
      trx,
    );
    await trx
      .updateTable('invoice_renewal_runs')
      .set({
        status: 'failed',
        error:
          'Interrupted (the server stopped); run it again: members already invoiced are skipped.',
        finished_at: sql<Date>`now()`,
      })
      .where('status', '=', 'running')
      .where('updated_at', '<', new Date(Date.now() - staleRunMs))
      .execute();
    const running = await trx
      .selectFrom('invoice_renewal_runs')
      .selectAll()
      .where('year', '=', request.year)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (running) return { run: running, isNew: false };
    const counted = await renewedMembers(trx as unknown as Kysely<Database>)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const run = await trx
      .insertInto('invoice_renewal_runs')
      .values({
        id: newId(),
        year: request.year,
        status: 'running',
        total: Number(counted.n),
        send_emails: request.sendEmails ?? false,
        skipped: JSON.stringify({}),
        totals: JSON.stringify({}),
        started_by: actor.uid ?? actor.kind,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { run, isNew: true };
  });
}

type Candidate = {
  mid: string;
  number: string;
  legal_name: string;
  email: string | null;
  category: 'individual' | 'association' | 'group' | 'honorary';
  billing_currency: string;
  fee_category: string | null;
  income_group: string | null;
};

/**
 * Issues the run's year's membership invoices, batch after batch of members (in membership id
 * order). In each batch's transaction, under the year's advisory lock: members who already
 * have a membership invoice (not void) for the year are counted and left alone, the others get
 * an issued invoice (fee by billing currency, country fee band and category; numbers of the
 * year allocated as one block; payment reference by the bank account), with audit entries, and
 * the run's counts move. Running it again issues nothing twice.
 */
export async function runRenewal(
  db: Kysely<Database>,
  actor: Actor,
  runId: string,
  options: {
    mailFrom: string;
    onProgress?: (run: TInvoiceRenewalRun) => void;
    /** Where a failed refresh of statistics at the end is reported (it fails nothing). */
    log?: StatisticsLog;
  },
): Promise<TInvoiceRenewalRun> {
  const { onProgress } = options;
  const run = await db
    .selectFrom('invoice_renewal_runs')
    .selectAll()
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  const year = run.year;
  const author = actor.uid ?? actor.kind;
  try {
    const accounts = await db
      .selectFrom('bank_accounts')
      .select(['id', 'currency', 'qr_iban', 'is_default'])
      .where('active', '=', true)
      .orderBy('is_default', 'desc')
      .orderBy('label')
      .execute();
    const accountOf = new Map<string, (typeof accounts)[number]>();
    for (const account of accounts) {
      const currency = account.currency.trim();
      if (!accountOf.has(currency)) accountOf.set(currency, account);
    }

    let after = '';
    for (;;) {
      const candidates: Candidate[] = await renewedMembers(db)
        .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
        .select([
          'm.mid',
          'm.number',
          'm.legal_name',
          'm.email',
          'm.category',
          'm.billing_currency',
          'c.fee_category',
          'c.income_group',
        ])
        .where('m.mid', '>', after)
        .orderBy('m.mid')
        .limit(renewalBatchSize)
        .execute();
      if (candidates.length === 0) break;
      after = candidates.at(-1)?.mid ?? after;

      const progress = await writeTransaction(db, async (trx) => {
        await reusePlansForBulkWrite(trx); // a thousand invoices, each with its foreign keys
        await sql`SELECT pg_advisory_xact_lock(hashtext('invoice-renewal'), ${year})`.execute(trx);
        const invoiced = new Set(
          (
            await trx
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
              .execute()
          ).map((row) => row.member_mid),
        );
        const skipped: Record<string, number> = {};
        const skip = (reason: string) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
        const due: {
          candidate: Candidate;
          currency: string;
          fee: number;
          account: (typeof accounts)[number];
        }[] = [];
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

        const today = todayAtHeadquarters();
        const dueDate = addDays(today, invoicePaymentTermDays);
        const totals: Record<string, { count: number; total: number }> = {};
        const rows: Insertable<InvoicesTable>[] = [];
        if (due.length > 0) {
          const first = await allocateInvoiceSequences(trx, year, due.length);
          due.forEach(({ candidate, currency, fee, account }, i) => {
            const sequence = first + i;
            const category = candidate.category as keyof typeof categoryLabel;
            const lines: InvoiceLine[] = [
              {
                description: `Membership fee ${year} – ${categoryLabel[category]}`,
                quantity: 1,
                unitAmountMinor: fee,
                vatRate: null,
                vatExemption: membershipVatExemption,
              },
            ];
            rows.push({
              iid: newId(),
              number: invoiceNumberOf(year, sequence),
              member_mid: candidate.mid,
              kind: 'membership',
              year,
              issue_date: today,
              due_date: dueDate,
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
          await trx
            .insertInto('audit_log')
            .values(
              rows.map((invoice) => ({
                actor_uid: actor.uid,
                actor_kind: actor.kind,
                table_name: 'invoices',
                record_id: invoice.iid,
                action: 'create',
                before: JSON.stringify(null),
                after: JSON.stringify({
                  ...invoice,
                  lines: JSON.parse(invoice.lines as string) as unknown,
                  version: 1,
                  _reason: `Renewal run ${year}`,
                }),
              })),
            )
            .execute();
        }
        // The invoices go out by e-mail, each with its PDF made by the delivery worker as it
        // leaves (rendering 100,000 PDFs here would hold the run for many minutes).
        const emailsQueued = run.send_emails
          ? await queueEmails(
              trx,
              options.mailFrom,
              rows.flatMap((invoice, i) => {
                const member = due[i]?.candidate;
                if (!member?.email) return [];
                return [
                  {
                    to: [member.email],
                    ...invoiceIssuedEmail({
                      memberName: member.legal_name,
                      invoiceNumber: invoice.number,
                      amount: formatAmountForMail(invoice.currency, String(invoice.total_minor)),
                      dueDate,
                      paymentReference: invoice.payment_reference ?? null,
                    }),
                    kind: 'invoice-issued',
                    related: { table: 'invoices' as const, id: invoice.iid },
                    generatedAttachments: [{ kind: 'invoice-pdf' as const, iid: invoice.iid }],
                  },
                ];
              }),
            )
          : 0;

        const current = await trx
          .selectFrom('invoice_renewal_runs')
          .selectAll()
          .where('id', '=', runId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const mergedSkipped = { ...current.skipped };
        for (const [reason, count] of Object.entries(skipped)) {
          mergedSkipped[reason] = (mergedSkipped[reason] ?? 0) + count;
        }
        const mergedTotals = { ...current.totals };
        for (const [currency, sum] of Object.entries(totals)) {
          const before = mergedTotals[currency] ?? { count: 0, totalMinor: '0' };
          mergedTotals[currency] = {
            count: before.count + sum.count,
            totalMinor: String(BigInt(before.totalMinor) + BigInt(sum.total)),
          };
        }
        return trx
          .updateTable('invoice_renewal_runs')
          .set({
            processed: current.processed + candidates.length,
            issued: current.issued + rows.length,
            already_invoiced: current.already_invoiced + invoiced.size,
            emails_queued: current.emails_queued + emailsQueued,
            skipped: JSON.stringify(mergedSkipped),
            totals: JSON.stringify(mergedTotals),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', runId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      onProgress?.(toRenewalRun(progress));
    }

    const finished = await db
      .updateTable('invoice_renewal_runs')
      .set({
        status: 'succeeded',
        // Members who became active or were deleted during the run: what was looked at.
        total: sql<number>`greatest(total, processed)`,
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A run issues up to one invoice (and e-mail) per member: the lists' statistics follow.
    if (finished.issued > 0) await refreshStatistics(db, ['invoices', 'emails'], options.log);
    return toRenewalRun(finished);
  } catch (error) {
    const failed = await db
      .updateTable('invoice_renewal_runs')
      .set({
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRenewalRun(failed);
  }
}

/** A whole run, start to end, in the caller's process (the CLI, tests). */
export async function renewMemberships(
  db: Kysely<Database>,
  actor: Actor,
  request: TInvoiceRenewalRequest,
  options: { mailFrom: string; onProgress?: (run: TInvoiceRenewalRun) => void },
): Promise<TInvoiceRenewalRun> {
  const { run, isNew } = await createRenewalRun(db, actor, request);
  if (!isNew) {
    throw new Error(
      `A renewal run for ${request.year} is already running (started ${new Date(run.started_at).toISOString()}).`,
    );
  }
  return runRenewal(db, actor, run.id, options);
}
