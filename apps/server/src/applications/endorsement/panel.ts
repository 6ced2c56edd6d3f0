import type { TApplicationEndorsementPanel } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { daysWaitingSince } from '../endorsement-wait';
import type { ApplicationRow } from '../detail';
import { answerOf } from './answer-of';
import { linkState } from './links';

/**
 * The console's endorsement panel (issue 34): the application's latest link, where it stands,
 * the days it has waited, the reminders sent and the answer; null when none was ever sent.
 */
export async function endorsementPanelOf(
  db: Kysely<Database>,
  row: ApplicationRow,
): Promise<TApplicationEndorsementPanel | null> {
  const link = await db
    .selectFrom('endorsement_links as l')
    .innerJoin('members as m', 'm.mid', 'l.association_mid')
    .selectAll('l')
    .select('m.legal_name as association_name')
    .where('l.aid', '=', row.aid)
    .orderBy('l.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!link) return null;
  const state = linkState(link, row);
  const panelState: TApplicationEndorsementPanel['state'] = link.answered_at
    ? 'answered'
    : row.endorsement_waived_at || link.waived_at
      ? 'waived'
      : row.endorsement_overdue_at
        ? 'overdue'
        : state === 'expired'
          ? 'expired'
          : 'waiting';
  return {
    state: panelState,
    associationName: link.association_name,
    sentTo: link.sent_to,
    requestedAt: new Date(link.created_at).toISOString(),
    expiresAt: new Date(link.expires_at).toISOString(),
    daysWaiting: daysWaitingSince(new Date(link.created_at)) ?? 0,
    remindersSent: link.reminders_sent,
    lastReminderAt: link.last_reminder_at ? new Date(link.last_reminder_at).toISOString() : null,
    answer: answerOf(link),
    waivedReason: link.waived_reason,
  };
}
