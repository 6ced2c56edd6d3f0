import { issuePortalTerminalSignInLink, issueTerminalSignInLink, SignInLinkRefused } from '../auth';
import type { Config } from '../config';
import { cliActor } from '../db/audit';
import type { DatabaseHandle } from '../db/database';

export { SignInLinkRefused };

/**
 * `sign-in-link <email>`: a fresh single-use sign-in link (15 minutes) for an operator, printed
 * rather than e-mailed: the way in when no e-mail reaches them (no SMTP_URL, a mail outage).
 * Only the code's hash is stored; the issuance is audited as the command line's. Refused, with
 * the reason, for an unknown e-mail, a disabled account or a user who is not an operator.
 */
export async function signInLinkFromCli(
  database: DatabaseHandle,
  config: Config,
  email: string,
): Promise<string> {
  const { link, user, expiresAt } = await issueTerminalSignInLink(database.db, {
    email,
    publicUrl: config.publicUrl,
    actor: cliActor,
  });
  const until = expiresAt.toISOString().slice(11, 16);
  return [
    `Sign-in link for ${user.email}: single use, valid 15 minutes (until ${until} UTC).`,
    'Open it in a browser; it signs you in:',
    `  ${link}`,
  ].join('\n');
}

/**
 * `portal-sign-in-link <email | member number>`: the same for a member's user (by a member's
 * number: its owner) on the member portal (issue 35):
 * how to try the portal as a demo member's owner, or let a member's person in without e-mail.
 */
export async function portalSignInLinkFromCli(
  database: DatabaseHandle,
  config: Config,
  who: { email: string } | { memberNumber: string },
): Promise<string> {
  const { link, user, expiresAt, memberNumber, role } = await issuePortalTerminalSignInLink(
    database.db,
    { ...who, portalUrl: config.portalUrl, actor: cliActor },
  );
  const until = expiresAt.toISOString().slice(11, 16);
  return [
    `Member portal sign-in link for ${user.email} (${role} of ${memberNumber}): single use, valid 15 minutes (until ${until} UTC).`,
    'Open it in a browser and confirm the address; it signs you in to the portal:',
    `  ${link}`,
  ].join('\n');
}
