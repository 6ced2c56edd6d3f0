import type { EmailTemplateKind, Language } from '@ops/contract';
import { renderEmail, type EmailVariables } from '../../email-templates';
import { queueEmail } from '../../emails';
import type { ApplicationRow } from '../detail';
import type { Trx, WorkflowContext } from './context';

export type Applicant = { uid: string | null; email: string | null; name: string | null };

/** The application's primary contact (else its first), as stored in `contacts`. */
export function primaryContact(row: ApplicationRow): Record<string, unknown> | undefined {
  const contacts = Array.isArray(row.contacts) ? (row.contacts as Record<string, unknown>[]) : [];
  return contacts.find((contact) => contact.role === 'primary') ?? contacts[0];
}

/** Who hears about the application: its submitting user, else its primary contact. */
export async function applicantOf(trx: Trx, row: ApplicationRow): Promise<Applicant> {
  const user = row.submitted_by_uid
    ? await trx
        .selectFrom('users')
        .select(['uid', 'email', 'display_name'])
        .where('uid', '=', row.submitted_by_uid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const primary = primaryContact(row);
  const contactEmail = typeof primary?.email === 'string' ? primary.email : null;
  const contactName = typeof primary?.name === 'string' ? primary.name : null;
  return {
    uid: user?.uid ?? null,
    email: user?.email ?? contactEmail,
    name: contactName ?? user?.display_name ?? null,
  };
}

/** What every notice about an application names. */
export function mailFacts(row: ApplicationRow, applicant: Pick<Applicant, 'name'>) {
  return {
    applicant: { name: applicant.name },
    application: { number: row.number, legalName: row.legal_name },
  };
}

/**
 * The language an applicant is written to (issue 17): the member's once the application made
 * one; for an application made in the member portal, the applicant's own preferred language
 * (issue 34: the page's language at sign-up, then their choice in its switcher); else its
 * country's, else English.
 */
export async function applicationLanguage(trx: Trx, row: ApplicationRow): Promise<Language> {
  if (row.source === 'online' && row.submitted_by_uid && !row.member_mid) {
    const user = await trx
      .selectFrom('users')
      .select('preferred_language')
      .where('uid', '=', row.submitted_by_uid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (user) return user.preferred_language;
  }
  if (row.member_mid) {
    const member = await trx
      .selectFrom('members')
      .select('preferred_language')
      .where('mid', '=', row.member_mid)
      .executeTakeFirst();
    if (member) return member.preferred_language;
  }
  if (row.country_iso2) {
    const country = await trx
      .selectFrom('countries')
      .select('language')
      .where('iso2', '=', row.country_iso2)
      .executeTakeFirst();
    if (country) return country.language;
  }
  return 'en';
}

/** Queues one notice to the applicant; null when the application names no e-mail address. */
export async function tellApplicant<K extends EmailTemplateKind>(
  trx: Trx,
  context: WorkflowContext,
  row: ApplicationRow,
  kind: K,
  variables: (applicant: Applicant) => EmailVariables[K],
): Promise<{ emailId: string | null; to: string | null }> {
  const applicant = await applicantOf(trx, row);
  if (!applicant.email) return { emailId: null, to: null };
  const language = await applicationLanguage(trx, row);
  const emailId = await queueApplicationEmail(trx, context, row, {
    kind,
    language,
    to: applicant.email,
    variables: variables(applicant),
  });
  return { emailId, to: applicant.email };
}

/**
 * One notice about the application rendered in `language` and queued to `to`, related to the
 * application in the outbox: every notice to an applicant goes out so (`tellApplicant`, the
 * "approved" e-mail).
 */
export async function queueApplicationEmail<K extends EmailTemplateKind>(
  trx: Trx,
  context: WorkflowContext,
  row: ApplicationRow,
  email: { kind: K; language: Language; to: string; variables: EmailVariables[K] },
): Promise<string> {
  const { subject, text, html } = await renderEmail(
    trx,
    email.kind,
    email.language,
    email.variables,
  );
  return queueEmail(trx, context.mailFrom, {
    to: [email.to],
    subject,
    text,
    html,
    kind: email.kind,
    related: { table: 'applications', id: row.aid },
  });
}

/** The end of a step's message: whether the applicant was told. */
export const told = (to: string | null) =>
  to
    ? ` The applicant (${to}) was told by e-mail.`
    : ' No e-mail went out: the application names no e-mail address.';
