import { endorsementLinkLifetimeDays, endorsementReminderDays } from '@ops/contract';
import type { Actor } from '../../db/audit';
import { updateRecord } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { clock, dayAtHeadquarters } from '../../lib/clock';
import {
  sendEndorsementEmails,
  tokenOfLink,
  updateLinkAudited,
  type EndorsementMailContext,
} from './links';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whole days from one instant to another in headquarters' calendar: a request made on 2 March
 * at any hour is 7 days old on 9 March, whenever the daily run comes that day.
 */
function calendarDaysBetween(from: Date, to: Date): number {
  const start = Date.parse(`${dayAtHeadquarters(from)}T00:00:00Z`);
  const end = Date.parse(`${dayAtHeadquarters(to)}T00:00:00Z`);
  return Math.round((end - start) / dayMs);
}

/** The daily job acts as the system. */
const systemActor: Actor = { kind: 'system', uid: null };

export type EndorsementDailyResult = { reminded: number; escalated: number };

/**
 * The daily run over the links still waiting (issue 34): a reminder at 7 and at 14 days (each
 * once, with the same link), and at 30 days without an answer the application moves on to
 * headquarters: back to `submitted`, marked `endorsement_overdue_at`, so staff may review it
 * without the endorsement. Each link in its own transaction, rechecked under its lock, so a run
 * taken over after a crash sends nothing twice. Days are counted in headquarters' calendar from
 * the product's clock.
 */
export async function runEndorsementDaily(
  context: EndorsementMailContext,
  now = clock.now(),
): Promise<EndorsementDailyResult> {
  const open = await context.db
    .selectFrom('endorsement_links as l')
    .innerJoin('applications as a', 'a.aid', 'l.aid')
    .select('l.id')
    .where('l.answered_at', 'is', null)
    .where('l.superseded_at', 'is', null)
    .where('l.waived_at', 'is', null)
    .where('a.status', '=', 'awaiting-endorsement')
    .where('a.deleted_at', 'is', null)
    .orderBy('l.created_at')
    .execute();
  const result: EndorsementDailyResult = { reminded: 0, escalated: 0 };
  for (const { id } of open) {
    const did = await writeTransaction(context.db, async (trx) => {
      const link = await trx
        .selectFrom('endorsement_links')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const application = await trx
        .selectFrom('applications')
        .selectAll()
        .where('aid', '=', link.aid)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (
        link.answered_at ||
        link.superseded_at ||
        link.waived_at ||
        application.status !== 'awaiting-endorsement'
      ) {
        return null;
      }
      const days = calendarDaysBetween(new Date(link.created_at), now);
      if (days >= endorsementLinkLifetimeDays) {
        await updateRecord(
          trx,
          systemActor,
          'applications',
          application,
          { status: 'submitted', endorsement_overdue_at: now },
          {
            action: 'endorsement-overdue',
            reason: `No answer from the national association in ${endorsementLinkLifetimeDays} days: endorsement overdue, headquarters decide.`,
          },
        );
        return 'escalated' as const;
      }
      const due = endorsementReminderDays[link.reminders_sent];
      if (due === undefined || days < due) return null;
      const token = await tokenOfLink(context.db, link);
      await sendEndorsementEmails(trx, context, link, token, application, { reminder: true });
      await updateLinkAudited(
        trx,
        systemActor,
        link,
        { reminders_sent: link.reminders_sent + 1, last_reminder_at: now },
        'remind',
      );
      return 'reminded' as const;
    });
    if (did) result[did] += 1;
  }
  return result;
}
