import {
  dunningSkipReasons,
  type TDunningPreviewItem,
  type TDunningReport,
  type TDunningSkipReason,
} from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { dueInvoices } from './select';
import type { DunningSettingsRows } from './settings';

type Db = Kysely<Database> | Transaction<Database>;

/** How many rows the preview and the report list (the rest are counted). */
export const reportItemLimit = 200;

/** One group of the selection: level × currency × skip reason × channel. */
export type DueGroup = {
  level: number;
  currency: string;
  skip_reason: TDunningSkipReason | null;
  channel: 'email' | 'postal';
  invoices: number;
  amount: string;
};

export type DueSummary = {
  groups: DueGroup[];
  items: TDunningPreviewItem[];
  /** Members the suspension level would suspend (not already suspended or ended). */
  suspended: number;
};

/**
 * The selection summed up in one statement: groups to count and total, the first rows to show
 * (highest level first, then the most days overdue), and the members a suspension would reach.
 * The selection is read once (a materialized CTE), whatever the number of aggregates.
 */
export async function summarizeDue(
  db: Db,
  asOf: string,
  settings: DunningSettingsRows,
): Promise<DueSummary> {
  const due = dueInvoices(asOf, settings);
  if (!due) return { groups: [], items: [], suspended: 0 };
  const { rows } = await sql<{
    groups: DueGroup[] | null;
    items: TDunningPreviewItem[] | null;
    suspended: number;
  }>`
    WITH due AS MATERIALIZED (${due})
    SELECT
      (SELECT json_agg(g) FROM (
         SELECT level, currency, skip_reason, channel, count(*)::int AS invoices,
                sum(balance_minor::bigint)::text AS amount
           FROM due GROUP BY 1, 2, 3, 4) g) AS groups,
      (SELECT json_agg(t) FROM (
         SELECT iid AS "invoiceId", number AS "invoiceNumber", member_mid AS "memberMid",
                member_name AS "memberName", level, level_name AS "levelName",
                balance_minor AS "balanceMinor", currency, days_overdue AS "daysOverdue", channel
           FROM due WHERE skip_reason IS NULL
          ORDER BY level DESC, days_overdue DESC, number
          LIMIT ${reportItemLimit}) t) AS items,
      (SELECT count(DISTINCT member_mid)::int FROM due
        WHERE skip_reason IS NULL AND suspends
          AND member_status NOT IN ('suspended', 'terminated', 'resigned')) AS suspended
  `.execute(db);
  const row = rows[0];
  return {
    groups: row?.groups ?? [],
    items: row?.items ?? [],
    suspended: row?.suspended ?? 0,
  };
}

function addTo(totals: Map<string, bigint>, currency: string, amount: string) {
  totals.set(currency, (totals.get(currency) ?? 0n) + BigInt(amount));
}

function totalsOf(totals: Map<string, bigint>) {
  return [...totals]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, amount]) => ({ currency, amountMinor: amount.toString() }));
}

/**
 * The report of a selection (the preview) or of a run: per enabled level the invoices and
 * their open balances per currency, the totals, the skipped per reason, the postal notices.
 */
export function reportOf(
  asOf: string,
  settings: DunningSettingsRows,
  summary: DueSummary,
  run: { runId: string | null; emailsQueued: number; itemsTotal?: number } = {
    runId: null,
    emailsQueued: 0,
  },
): TDunningReport {
  const sent = summary.groups.filter((group) => group.skip_reason === null);
  const skipped = new Map<TDunningSkipReason, number>();
  for (const group of summary.groups) {
    if (group.skip_reason)
      skipped.set(group.skip_reason, (skipped.get(group.skip_reason) ?? 0) + group.invoices);
  }
  const allTotals = new Map<string, bigint>();
  const levels = settings.levels.map((level) => {
    const groups = sent.filter((group) => group.level === level.level);
    const totals = new Map<string, bigint>();
    for (const group of groups) {
      addTo(totals, group.currency, group.amount);
      addTo(allTotals, group.currency, group.amount);
    }
    return {
      level: level.level,
      name: level.name,
      invoices: groups.reduce((sum, group) => sum + group.invoices, 0),
      totals: totalsOf(totals),
    };
  });
  return {
    asOf,
    dryRun: run.runId === null,
    runId: run.runId,
    levels,
    totals: totalsOf(allTotals),
    skipped: dunningSkipReasons.map((reason) => ({ reason, invoices: skipped.get(reason) ?? 0 })),
    postal: sent
      .filter((group) => group.channel === 'postal')
      .reduce((sum, group) => sum + group.invoices, 0),
    suspended: summary.suspended,
    emailsQueued: run.emailsQueued,
    items: summary.items,
    itemsTotal: run.itemsTotal ?? sent.reduce((sum, group) => sum + group.invoices, 0),
  };
}
