import {
  renewalPreviewMemberLimit,
  type TInvoiceRenewalPreview,
} from '@ops/contract/renewal-preview';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { renewalBatchSize } from './renewal';
import {
  alreadyInvoiced,
  priceCandidates,
  renewalAccounts,
  selectCandidates,
} from './renewal-batch';

/**
 * What the renewal run for a year would issue now: the run's own selection (`selectCandidates`
 * batch after batch), the members already invoiced and the prices and accounts
 * (`priceCandidates`), so the preview and the run cannot disagree. Reads only. Also when the
 * renewal schedule (`job_schedules`, the jobs area's table, read here rather than through the
 * jobs area, which itself starts the run) runs next.
 */
export async function previewRenewal(
  db: Kysely<Database>,
  year: number,
): Promise<TInvoiceRenewalPreview> {
  const accountOf = await renewalAccounts(db);
  const totals = new Map<string, { count: number; totalMinor: bigint }>();
  const skipped: Record<string, number> = {};
  const members: TInvoiceRenewalPreview['members'] = [];
  let candidates = 0;
  let invoicedAlready = 0;
  let toIssue = 0;
  let withoutEmail = 0;
  let after = '';
  for (;;) {
    const batch = await selectCandidates(db, after, renewalBatchSize);
    if (batch.length === 0) break;
    after = batch.at(-1)?.mid ?? after;
    candidates += batch.length;
    const invoiced = await alreadyInvoiced(db, batch, year);
    invoicedAlready += invoiced.size;
    const priced = priceCandidates(batch, invoiced, accountOf);
    for (const [reason, count] of Object.entries(priced.skipped)) {
      skipped[reason] = (skipped[reason] ?? 0) + count;
    }
    for (const { candidate, currency, fee } of priced.due) {
      toIssue++;
      if (!candidate.email) withoutEmail++;
      const sum = totals.get(currency) ?? { count: 0, totalMinor: 0n };
      sum.count++;
      sum.totalMinor += BigInt(fee);
      totals.set(currency, sum);
      if (members.length < renewalPreviewMemberLimit) {
        members.push({
          mid: candidate.mid,
          number: candidate.number,
          legalName: candidate.legal_name,
          email: candidate.email,
          currency,
          feeMinor: String(fee),
        });
      }
    }
  }
  const schedule = await db
    .selectFrom('job_schedules')
    .select(['next_run_at', 'paused', 'cron', 'description', 'time_zone'])
    .where('name', '=', 'renewal-run')
    .executeTakeFirst();
  return {
    year,
    candidates,
    alreadyInvoiced: invoicedAlready,
    toIssue,
    withoutEmail,
    totals: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sum]) => ({
        currency,
        count: sum.count,
        totalMinor: String(sum.totalMinor),
      })),
    skipped: Object.entries(skipped).map(([reason, count]) => ({ reason, count })),
    members,
    schedule: schedule
      ? {
          nextRunAt: new Date(schedule.next_run_at).toISOString(),
          paused: schedule.paused,
          cron: schedule.cron,
          description: schedule.description,
          timeZone: schedule.time_zone,
        }
      : null,
  };
}
