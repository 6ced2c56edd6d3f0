import {
  endorsementLinkLifetimeDays,
  type EndorsementLinkState,
  type Language,
} from '@ops/contract';
import { formatMemberDay } from '@ops/contract/member-formats';
import type { Kysely, Selectable, UpdateObject } from 'kysely';
import { newSecretToken, sha256 } from '../../auth';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, EndorsementLinksTable } from '../../db/schema';
import { renderEmail } from '../../email-templates';
import { queueEmail } from '../../emails';
import { getOutboxKey, openSecret, sealSecret } from '../../emails';
import { newId } from '../../lib/ids';
import { clock, dayAtHeadquarters } from '../../lib/clock';
import type { ApplicationRow } from '../detail';
import type { Trx } from '../workflow/context';
import { endorsementContacts } from './contacts';

export type EndorsementLinkRow = Selectable<EndorsementLinksTable>;

/**
 * What sending an endorsement e-mail needs: the sender, the portal's origin for the link, and the
 * database the outbox key is read from once per process (outside the caller's transaction).
 */
export type EndorsementMailContext = { db: Kysely<Database>; mailFrom: string; portalUrl: string };

const dayMs = 24 * 60 * 60 * 1000;

/** The link as the e-mail carries it: the portal's page, the token as its last segment. */
export const endorsementUrl = (portalUrl: string, token: string) => `${portalUrl}/endorse/${token}`;

/** The audit entry's view of a link: never its token, hashed or sealed. */
export function auditedLink(link: EndorsementLinkRow): Record<string, unknown> {
  return {
    id: link.id,
    aid: link.aid,
    association_mid: link.association_mid,
    sent_to: link.sent_to,
    expires_at: link.expires_at,
    reminders_sent: link.reminders_sent,
    answered_at: link.answered_at,
    decision: link.decision,
    reason: link.reason,
    letter_document_id: link.letter_document_id,
    answered_by: link.answered_by,
    superseded_at: link.superseded_at,
    waived_at: link.waived_at,
    waived_reason: link.waived_reason,
  };
}

/**
 * One link changed and the change audited, before and after as `auditedLink` shows them: its
 * answer, its letter and its reminders all write it so.
 */
export async function updateLinkAudited(
  trx: Trx,
  actor: Actor,
  link: EndorsementLinkRow,
  changes: UpdateObject<Database, 'endorsement_links'>,
  action: string,
): Promise<EndorsementLinkRow> {
  const updated = await trx
    .updateTable('endorsement_links')
    .set(changes)
    .where('id', '=', link.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'endorsement_links',
    recordId: link.id,
    action,
    before: auditedLink(link),
    after: auditedLink(updated),
  });
  return updated;
}

/** Where a link stands now, for its page and its answer. */
export function linkState(
  link: EndorsementLinkRow,
  application: Pick<ApplicationRow, 'status'>,
  now = clock.now(),
): EndorsementLinkState {
  if (link.answered_at) return 'answered';
  if (link.superseded_at || link.waived_at) return 'retired';
  if (new Date(link.expires_at).getTime() <= now.getTime()) return 'expired';
  return application.status === 'awaiting-endorsement' ? 'open' : 'retired';
}

/** Retires the application's links still waiting (a Resend, a waiver): they say so when opened. */
export async function retireOpenLinks(
  trx: Trx,
  actor: Actor,
  aid: string,
  how: { waivedReason?: string } = {},
): Promise<void> {
  const now = clock.now();
  const retired = await trx
    .updateTable('endorsement_links')
    .set(
      how.waivedReason === undefined
        ? { superseded_at: now }
        : { waived_at: now, waived_reason: how.waivedReason },
    )
    .where('aid', '=', aid)
    .where('answered_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('waived_at', 'is', null)
    .returningAll()
    .execute();
  for (const link of retired) {
    await recordAudit(trx, actor, {
      table: 'endorsement_links',
      recordId: link.id,
      action: how.waivedReason === undefined ? 'retire' : 'waive',
      after: auditedLink(link),
    });
  }
}

/** A country's name by its ISO code (none: null), as the e-mail and the page name it. */
export async function countryName(
  db: Kysely<Database>,
  iso2: string | null,
): Promise<string | null> {
  if (!iso2) return null;
  const row = await db
    .selectFrom('countries')
    .select('name')
    .where('iso2', '=', iso2)
    .executeTakeFirst();
  return row?.name ?? null;
}

/**
 * E-mails the link to the association's contacts, each in their language (a reminder says so in
 * its subject). The token is sealed in the outbox like a sign-in code: the stored message says
 * `/endorse/[redacted]`. Returns the addresses written to.
 */
export async function sendEndorsementEmails(
  trx: Trx,
  context: EndorsementMailContext,
  link: EndorsementLinkRow,
  token: string,
  row: ApplicationRow,
  options: { reminder: boolean },
): Promise<{ sentTo: string[]; emailIds: string[] }> {
  const association = await trx
    .selectFrom('members')
    .select('legal_name')
    .where('mid', '=', link.association_mid)
    .executeTakeFirstOrThrow();
  const contacts = await endorsementContacts(trx, link.association_mid);
  const url = endorsementUrl(context.portalUrl, token);
  const outboxKey = await getOutboxKey(context.db);
  const country = await countryName(trx, row.country_iso2);
  const expiresDay = dayAtHeadquarters(new Date(link.expires_at));
  const emailIds: string[] = [];
  for (const contact of contacts) {
    const language: Language = contact.language;
    const { subject, text, html } = await renderEmail(
      trx,
      'application-endorsement-requested',
      language,
      {
        association: { name: association.legal_name },
        application: { number: row.number, legalName: row.legal_name, countryName: country },
        link: url,
        expiresOn: formatMemberDay(expiresDay, language),
        reminder: options.reminder,
      },
    );
    emailIds.push(
      await queueEmail(trx, context.mailFrom, {
        to: [contact.email],
        subject,
        text,
        html,
        kind: 'application-endorsement-requested',
        related: { table: 'applications', id: row.aid },
        secret: { code: token, link: url, outboxKey },
      }),
    );
  }
  return { sentTo: contacts.map((contact) => contact.email), emailIds };
}

/**
 * A new link for the application's endorsement by `associationMid`, in the caller's transaction:
 * the application's earlier waiting links retired, 256 random bits as the token (stored as its
 * sha256, and sealed for the reminders), valid 30 days, e-mailed to the association's contacts,
 * audited.
 */
export async function openEndorsementLink(
  trx: Trx,
  context: EndorsementMailContext,
  actor: Actor,
  row: ApplicationRow,
  associationMid: string,
): Promise<{ link: EndorsementLinkRow; sentTo: string[]; emailIds: string[] }> {
  await retireOpenLinks(trx, actor, row.aid);
  const id = newId();
  const token = newSecretToken();
  const now = clock.now();
  const inserted = await trx
    .insertInto('endorsement_links')
    .values({
      id,
      aid: row.aid,
      association_mid: associationMid,
      token_hash: sha256(token),
      sealed_token: sealSecret(await getOutboxKey(context.db), id, token),
      created_at: now,
      expires_at: new Date(now.getTime() + endorsementLinkLifetimeDays * dayMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const sent = await sendEndorsementEmails(trx, context, inserted, token, row, {
    reminder: false,
  });
  const link = await trx
    .updateTable('endorsement_links')
    .set({ sent_to: sent.sentTo })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'endorsement_links',
    recordId: id,
    action: 'create',
    after: auditedLink(link),
  });
  return { link, ...sent };
}

/** The clear token of a link, opened from its seal, for a reminder's e-mail. */
export async function tokenOfLink(db: Kysely<Database>, link: EndorsementLinkRow): Promise<string> {
  return openSecret(await getOutboxKey(db), link.id, link.sealed_token);
}
