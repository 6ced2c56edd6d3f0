import type { Language } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { recordAudit } from '../../db/audit';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { renderEmail } from '../../email-templates';
import { queueEmail } from '../../emails';
import { clock, dayAtHeadquarters } from '../../lib/clock';
import { longDayIn } from '../../lib/pdf-language';

/**
 * Drafts nobody finishes do not stay forever (issue 34): an online draft untouched for 90 days is
 * deleted with its files, and its applicant is reminded at 80 days, once, with the day it will
 * go. "Untouched" is the draft's own `updated_at`: any step saved, any document added starts
 * the 90 days again (and makes a later reminder due again). Only drafts: once submitted, an
 * application is the federation's record.
 */
export const draftLifetimeDays = 90;
export const draftReminderDays = 80;

const dayMs = 24 * 60 * 60 * 1000;
const reminderKind = 'application-draft-reminder';

/** Who made the deletion: the scheduled job, for the federation's retention rule. */
const expiryActor = { kind: 'system', uid: null } as const;

type DueDraft = {
  aid: string;
  number: string;
  legal_name: string;
  updated_at: Date;
  email: string;
  preferred_language: Language;
  contacts: unknown;
};

/** The name the applicant gave as primary contact, to greet them by. */
function applicantName(contacts: unknown): string | null {
  const list = Array.isArray(contacts) ? (contacts as Record<string, unknown>[]) : [];
  const primary = list.find((contact) => contact.role === 'primary');
  return typeof primary?.name === 'string' && primary.name.trim() ? primary.name : null;
}

/** Online drafts last changed before `before`, with their applicant. */
function draftsUntouchedSince(db: Kysely<Database>, before: Date) {
  return db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.uid', 'a.submitted_by_uid')
    .select([
      'a.aid',
      'a.number',
      'a.legal_name',
      'a.updated_at',
      'a.contacts',
      'u.email',
      'u.preferred_language',
    ])
    .where('a.status', '=', 'draft')
    .where('a.source', '=', 'online')
    .where('a.deleted_at', 'is', null)
    .where('a.updated_at', '<', before);
}

/**
 * E-mails each applicant whose draft has been untouched for 80 days (and is not yet past 90),
 * unless this draft's reminder went out since its last change: running twice reminds once.
 */
export async function remindUntouchedDrafts(
  db: Kysely<Database>,
  options: { mailFrom: string; portalUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? clock.now();
  const due: DueDraft[] = await draftsUntouchedSince(
    db,
    new Date(now.getTime() - draftReminderDays * dayMs),
  )
    .where('a.updated_at', '>=', new Date(now.getTime() - draftLifetimeDays * dayMs))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('emails as e')
            .select(sql`1`.as('one'))
            .where('e.related_table', '=', 'applications')
            .whereRef('e.related_id', '=', 'a.aid')
            .where('e.kind', '=', reminderKind)
            .whereRef('e.created_at', '>', 'a.updated_at'),
        ),
      ),
    )
    .orderBy('a.updated_at')
    .execute();
  for (const draft of due) {
    const deletionDay = dayAtHeadquarters(
      new Date(draft.updated_at.getTime() + draftLifetimeDays * dayMs),
    );
    await writeTransaction(db, async (trx) => {
      const message = await renderEmail(trx, reminderKind, draft.preferred_language, {
        applicant: { name: applicantName(draft.contacts) },
        application: { number: draft.number, legalName: draft.legal_name || null },
        continueUrl: `${options.portalUrl}/applications/${draft.aid}`,
        deletionDate: longDayIn(draft.preferred_language, deletionDay),
      });
      await queueEmail(trx, options.mailFrom, {
        to: [draft.email],
        ...message,
        kind: reminderKind,
        related: { table: 'applications', id: draft.aid },
      });
    });
  }
  return due.length;
}

/**
 * Deletes the online drafts untouched for 90 days, each in its own transaction with its files
 * (`application_documents` goes with its application) and an audit entry that keeps only the
 * number: what the applicant had entered is gone, as the reminder said it would be.
 */
export async function deleteExpiredDrafts(db: Kysely<Database>, now = clock.now()) {
  const expired = await draftsUntouchedSince(
    db,
    new Date(now.getTime() - draftLifetimeDays * dayMs),
  )
    .orderBy('a.updated_at')
    .execute();
  let deleted = 0;
  for (const draft of expired) {
    const removed = await writeTransaction(db, async (trx) => {
      // Still a draft and still untouched: the applicant may have saved a step meanwhile.
      const row = await trx
        .deleteFrom('applications')
        .where('aid', '=', draft.aid)
        .where('status', '=', 'draft')
        .where('updated_at', '=', draft.updated_at)
        .returning(['aid', 'number'])
        .executeTakeFirst();
      if (!row) return false;
      await recordAudit(trx, expiryActor, {
        table: 'applications',
        recordId: row.aid,
        action: 'delete',
        before: { number: row.number, status: 'draft', untouchedDays: draftLifetimeDays },
      });
      return true;
    });
    if (removed) deleted++;
  }
  return deleted;
}
