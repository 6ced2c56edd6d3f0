import {
  auditReasonKey,
  type EmailTemplateKind,
  type Language,
  type TDunningReport,
  type TDunningRunCounts,
  type TDunningRunTrigger,
} from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { loadConfig } from '../config';
import { recordAudits, type Actor } from '../db/audit';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { loadEmailRenderer } from '../email-templates';
import {
  formatMemberDay,
  formatMemberMoney,
  formatMemberReference,
} from '@ops/contract/member-formats';
import { queueEmails } from '../emails';
import { newId } from '../lib/ids';
import { todayAtHeadquarters } from '../lib/dates';
import { manyChangedRows, refreshStatistics } from '../lists';
import { suspendMembersForUnpaidInvoices } from '../members';
import { reportOf, summarizeDue, type DueGroup } from './report';
import { dueInvoices, type DueRow } from './select';
import { loadDunningSettings, type DunningSettingsRows } from './settings';

/** Invoices per transaction of a run: a batch's notices, e-mails and audit entries. */
export const dunningBatchSize = 500;

export type RunDunningOptions = {
  /** The day to chase for (YYYY-MM-DD); today at headquarters when absent. */
  asOf?: string;
  /** The preview: nothing is written, nothing sent. */
  dryRun: boolean;
  trigger: TDunningRunTrigger;
  /** The operator who started it (manual runs), else null. */
  operatorUid: string | null;
  /** The sender of the reminders (MAIL_FROM when absent). */
  mailFrom?: string;
  onProgress?: (done: number, total: number) => void;
};

type Trx = Transaction<Database>;

function actorOf(options: RunDunningOptions): Actor {
  if (options.operatorUid) return { kind: 'operator', uid: options.operatorUid };
  return options.trigger === 'cli' ? { kind: 'cli', uid: null } : { kind: 'system', uid: null };
}

/** "2026-03-12" plus days. */
function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The day the suspension level becomes due for an invoice that gets `row`'s level today: its
 * days after the due date, and no sooner than the interval since this level (the level rule).
 */
function suspensionOnOf(row: DueRow, settings: DunningSettingsRows, asOf: string): string | null {
  const suspension = settings.levels.find((level) => level.suspends && level.enabled);
  if (!suspension || suspension.level <= row.level) return null;
  const byDueDate = addDays(row.due_date, suspension.days_after_due);
  const byInterval = addDays(asOf, suspension.days_after_due - row.days_after_due);
  return byDueDate > byInterval ? byDueDate : byInterval;
}

/**
 * The template variables of a level's e-mail (documented by the templates area); a postal
 * reminder's letter is worded with the same ones (`letters/pdf.ts`, issue 32).
 */
export function variablesOf(row: DueRow, settings: DunningSettingsRows, asOf: string) {
  const language = row.member_language as Language;
  const suspensionOn = suspensionOnOf(row, settings, asOf);
  return {
    member: { name: row.member_name, number: row.member_number },
    // In the member's language and its locale's formats (issue 32: "échue le 2026-02-05").
    invoice: {
      number: row.number,
      total: formatMemberMoney(row.total_minor, row.currency, language),
      balance: formatMemberMoney(row.balance_minor, row.currency, language),
      currency: row.currency,
      issueDate: row.issue_date && formatMemberDay(row.issue_date, language),
      dueDate: formatMemberDay(row.due_date, language),
      daysOverdue: row.days_overdue,
      paymentReference: row.payment_reference && formatMemberReference(row.payment_reference),
      cardPaymentUrl: row.card_payment_url,
    },
    bankAccount:
      row.bank_iban && row.bank_holder_name !== null && row.bank_name !== null
        ? {
            holderName: row.bank_holder_name,
            bankName: row.bank_name,
            iban: row.bank_iban,
            qrIban: row.bank_qr_iban,
            bic: row.bank_bic,
          }
        : null,
    level: { number: row.level, name: row.level_name, days: row.days_after_due },
    suspensionOn: suspensionOn && formatMemberDay(suspensionOn, language),
  };
}

/** What a batch sent, kept compact: a run of a hundred thousand invoices holds only this. */
type SentInvoice = Pick<DueRow, 'iid' | 'level' | 'currency' | 'channel' | 'balance_minor'>;

type BatchResult = {
  sent: SentInvoice[];
  emailsQueued: number;
  suspended: number;
};

/** E-mails rendered and queued at a time: their texts are garbage once queued. */
const emailChunkSize = 100;

/**
 * One batch in one transaction. The invoices are locked and the selection read again for them
 * (a payment since the run's first read stops the level), then every notice is inserted with ON
 * CONFLICT DO NOTHING: only the rows actually inserted go on — their invoice's level, its audit
 * entry, the e-mail (queued in this transaction, so it exists exactly when the notice does) and
 * the suspension. A second run, concurrent or later, inserts nothing for a level already sent.
 */
async function runBatch(
  trx: Trx,
  actor: Actor,
  runId: string,
  asOf: string,
  settings: DunningSettingsRows,
  iids: readonly string[],
  mailFrom: string,
): Promise<BatchResult> {
  await sql`SELECT iid FROM invoices WHERE iid = ANY(${[...iids]}::text[]) ORDER BY iid FOR UPDATE`.execute(
    trx,
  );
  const selection = dueInvoices(asOf, settings, { iids });
  if (!selection) return { sent: [], emailsQueued: 0, suspended: 0 };
  const { rows } =
    await sql<DueRow>`SELECT * FROM (${selection}) due WHERE skip_reason IS NULL`.execute(trx);
  if (rows.length === 0) return { sent: [], emailsQueued: 0, suspended: 0 };

  const planned = rows.map((row) => ({
    row,
    id: newId(),
    eid: row.channel === 'email' ? newId() : null,
  }));
  const inserted = await trx
    .insertInto('dunning_notices')
    .values(
      planned.map(({ row, id, eid }) => ({
        id,
        invoice_iid: row.iid,
        member_mid: row.member_mid,
        level: row.level,
        as_of: asOf,
        channel: row.channel,
        email_id: eid,
        run_id: runId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['invoice_iid', 'level']).doNothing())
    .returning('id')
    .execute();
  const insertedIds = new Set(inserted.map((notice) => notice.id));
  const sent = planned.filter((plan) => insertedIds.has(plan.id));
  if (sent.length === 0) return { sent: [], emailsQueued: 0, suspended: 0 };

  // The invoices' level, set-based with the records store's version bump, one audit entry each.
  const { rows: updated } = await sql<{
    iid: string;
    level: number;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>`
    UPDATE invoices i
       SET dunning_level = v.level, dunning_level_on = ${asOf}::date, ${versionBump('i', actor)}
      FROM unnest(${sent.map((plan) => plan.row.iid)}::text[], ${sent.map((plan) => plan.row.level)}::int[])
           AS v (iid, level)
      JOIN invoices o ON o.iid = v.iid
     WHERE i.iid = v.iid
    RETURNING i.iid, v.level,
      jsonb_build_object('dunning_level', o.dunning_level, 'dunning_level_on', o.dunning_level_on,
                         'version', o.version) AS before,
      jsonb_build_object('dunning_level', i.dunning_level, 'dunning_level_on', i.dunning_level_on,
                         'version', i.version) AS after
  `.execute(trx);
  const byIid = new Map(sent.map((plan) => [plan.row.iid, plan.row]));
  await recordAudits(
    trx,
    actor,
    updated.map((row) => {
      const due = byIid.get(row.iid);
      return {
        table: 'invoices',
        recordId: row.iid,
        action: 'dunning',
        before: row.before,
        after: {
          ...row.after,
          [auditReasonKey]: `Dunning level ${row.level} sent (${due?.level_name ?? ''}, ${due?.channel === 'postal' ? 'by post' : 'by e-mail'})`,
        },
      };
    }),
  );

  // The e-mails: the templates of the kinds parsed once per batch, rendered per invoice.
  const emails = sent.filter((plan) => plan.eid !== null && plan.row.member_email);
  let emailsQueued = 0;
  if (emails.length > 0) {
    const kinds = [...new Set(emails.map((plan) => plan.row.template_kind))] as EmailTemplateKind[];
    const renderer = await loadEmailRenderer(trx, kinds);
    for (let start = 0; start < emails.length; start += emailChunkSize) {
      const outgoing = [];
      for (const { row, eid } of emails.slice(start, start + emailChunkSize)) {
        const rendered = await renderer.render(
          row.template_kind as 'dunning-reminder-1',
          row.member_language as Language,
          variablesOf(row, settings, asOf),
        );
        outgoing.push({
          eid: eid ?? undefined,
          to: [row.member_email as string],
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          kind: row.template_kind,
          related: { table: 'invoices' as const, id: row.iid },
          ...(row.attach_pdf
            ? {
                // The invoice again, titled as the reminder, in the member's language, made as
                // the e-mail leaves (rendering thousands of PDFs here would hold the run).
                generatedAttachments: [
                  {
                    kind: 'invoice-pdf' as const,
                    iid: row.iid,
                    reminder: {
                      level: row.level,
                      final: row.template_kind === 'dunning-final-notice',
                    },
                  },
                ],
              }
            : {}),
        });
      }
      emailsQueued += await queueEmails(trx, mailFrom, outgoing);
    }
  }

  const suspensions = sent
    .filter((plan) => plan.row.suspends)
    .map((plan) => ({ mid: plan.row.member_mid, invoiceNumber: plan.row.number }));
  const suspended = await suspendMembersForUnpaidInvoices(trx, actor, suspensions);
  return {
    sent: sent.map(({ row }) => ({
      iid: row.iid,
      level: row.level,
      currency: row.currency,
      channel: row.channel,
      balance_minor: row.balance_minor,
    })),
    emailsQueued,
    suspended: suspended.length,
  };
}

/** The run's counts, as `dunning_runs.counts` keeps them. */
function countsOf(report: TDunningReport): TDunningRunCounts {
  return {
    levels: report.levels.map((level) => ({ level: level.level, invoices: level.invoices })),
    skipped: report.skipped,
    postal: report.postal,
    suspended: report.suspended,
    emailsQueued: report.emailsQueued,
  };
}

/**
 * A dunning run for `asOf`: the preview when `dryRun` (nothing written), else every level that
 * is due sent in batches of `dunningBatchSize` invoices, one transaction each, and the run kept
 * in `dunning_runs` with its counts. Idempotent: a level is recorded once per invoice (the
 * unique notice), so a second run — concurrent, on another instance, or a retry after a crash —
 * sends only what no run sent yet, and a run for a later day sends what has become due since.
 * Returns the report (the preview's shape: what was sent, per level and currency).
 */
export async function runDunning(
  db: Kysely<Database>,
  options: RunDunningOptions,
): Promise<TDunningReport> {
  const asOf = options.asOf ?? todayAtHeadquarters();
  const settings = await loadDunningSettings(db);
  const summary = await summarizeDue(db, asOf, settings);
  if (options.dryRun) return reportOf(asOf, settings, summary);

  const actor = actorOf(options);
  const runId = newId();
  await db
    .insertInto('dunning_runs')
    .values({
      id: runId,
      as_of: asOf,
      trigger: options.trigger,
      operator_uid: options.operatorUid,
      state: 'running',
    })
    .execute();
  const mailFrom = options.mailFrom ?? loadConfig().mailFrom;
  try {
    const selection = dueInvoices(asOf, settings);
    const { rows: due } = selection
      ? await sql<{
          iid: string;
        }>`SELECT iid FROM (${selection}) due WHERE skip_reason IS NULL ORDER BY iid`.execute(db)
      : { rows: [] };
    const iids = due.map((row) => row.iid);
    // What was actually sent, grouped as the preview groups (the skipped as the selection saw
    // them): counted batch by batch, so that memory stays flat whatever the number of invoices.
    const groups = new Map<string, DueGroup>();
    const sentIds = new Set<string>();
    let emailsQueued = 0;
    let suspended = 0;
    options.onProgress?.(0, iids.length);
    for (let start = 0; start < iids.length; start += dunningBatchSize) {
      const batch = iids.slice(start, start + dunningBatchSize);
      const result = await writeTransaction(db, (trx) =>
        runBatch(trx, actor, runId, asOf, settings, batch, mailFrom),
      );
      for (const row of result.sent) {
        sentIds.add(row.iid);
        const key = `${row.level}:${row.currency}:${row.channel}`;
        const group = groups.get(key) ?? {
          level: row.level,
          currency: row.currency,
          skip_reason: null,
          channel: row.channel,
          invoices: 0,
          amount: '0',
        };
        group.invoices++;
        group.amount = (BigInt(group.amount) + BigInt(row.balance_minor)).toString();
        groups.set(key, group);
      }
      emailsQueued += result.emailsQueued;
      suspended += result.suspended;
      await db
        .updateTable('dunning_runs')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', '=', runId)
        .execute();
      options.onProgress?.(Math.min(start + batch.length, iids.length), iids.length);
    }
    const report = reportOf(
      asOf,
      settings,
      {
        groups: [
          ...groups.values(),
          ...summary.groups.filter((group) => group.skip_reason !== null),
        ],
        items: summary.items.filter((item) => sentIds.has(item.invoiceId)),
        suspended,
      },
      { runId, emailsQueued, itemsTotal: sentIds.size },
    );
    await db
      .updateTable('dunning_runs')
      .set({
        state: 'succeeded',
        counts: JSON.stringify(countsOf(report)),
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', runId)
      .execute();
    // Thousands of invoices changed level: the list's dunning filter and estimates follow.
    if (sentIds.size >= manyChangedRows)
      await refreshStatistics(db, ['invoices', 'dunning_notices']);
    return report;
  } catch (error) {
    await db
      .updateTable('dunning_runs')
      .set({
        state: 'failed',
        error: error instanceof Error ? error.message : String(error),
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', runId)
      .execute();
    throw error;
  }
}
