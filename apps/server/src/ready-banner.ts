import type { Kysely } from 'kysely';
import { issueTerminalSignInLink, SignInLinkRefused } from './auth';
import type { Config } from './config';
import type { Actor } from './db/audit';
import type { Database } from './db/schema';
import { DEMO_OPERATOR_EMAIL } from './seed';

/** The server issues the banner's link by itself, at start: the audit trail says so. */
const startActor: Actor = { kind: 'system', uid: null };

/**
 * A ready-to-click sign-in for the banner (`link`), the demo admin without a link when the
 * output is not a terminal, or null when there is no demo admin to sign in as.
 */
export type BannerSignIn = { email: string; link: string | null } | null;

/**
 * Without SMTP_URL no e-mail reaches anyone, so the banner carries a sign-in link for the demo
 * admin (single use, 15 minutes, only its hash stored): a newcomer's first click. None when the
 * demo admin does not exist (SEED=none, a production database) or may not sign in. Only on a
 * terminal: standard output that is not one goes to a file, journald or `docker logs`, which
 * keep it, and the link is a key to the account; there the banner names the command instead.
 */
export async function bannerSignIn(
  db: Kysely<Database>,
  config: Config,
  isTerminal: boolean,
): Promise<BannerSignIn> {
  if (config.smtpUrl) return null;
  if (!isTerminal) {
    const demoAdmin = await db
      .selectFrom('users')
      .innerJoin('operators', 'operators.uid', 'users.uid')
      .select('users.email')
      .where('users.email', '=', DEMO_OPERATOR_EMAIL)
      .where('users.deleted_at', 'is', null)
      .where('users.disabled', '=', false)
      .where('operators.active', '=', true)
      .executeTakeFirst();
    return demoAdmin ? { email: demoAdmin.email, link: null } : null;
  }
  try {
    const { link, user } = await issueTerminalSignInLink(db, {
      email: DEMO_OPERATOR_EMAIL,
      publicUrl: config.publicUrl,
      actor: startActor,
    });
    return { email: user.email, link };
  } catch (error) {
    if (error instanceof SignInLinkRefused) return null;
    throw error;
  }
}

/**
 * What the terminal shows once the server is ready: where, who, how to sign in, where to read
 * on. Short: a newcomer reads it. Printed to standard output, never through the logger (the
 * link in it is a key to the demo admin's account, and log collectors keep lines).
 */
export function readyBanner(config: Config, signIn: BannerSignIn): string {
  const lines = [
    `Operations is ready at ${config.publicUrl}`,
    `The member portal (applicants, members, national associations): ${config.portalUrl}`,
    '',
  ];
  if (signIn && !signIn.link) {
    lines.push(
      `Sign in as the demo admin (${signIn.email}) with a link, printed only to a terminal:`,
      `  npm run ops -- sign-in-link ${signIn.email}`,
    );
  } else if (signIn) {
    lines.push(
      `Sign in as the demo admin (${signIn.email}): open this link within 15 minutes,`,
      'once; it signs you in:',
      `  ${signIn.link}`,
      '',
      `A new link later: npm run ops -- sign-in-link ${signIn.email}`,
    );
  } else if (config.smtpUrl) {
    lines.push(
      'Sign in with your e-mail address: the sign-in link is sent by e-mail (SMTP_URL).',
      'No e-mail arriving? npm run ops -- sign-in-link <email> prints a link here.',
    );
  } else {
    lines.push(
      'No demo admin here. Make yourself an operator, then get a sign-in link:',
      "  npm run ops -- operators add you@example.org --roles admin --name '<your name>'",
      '  npm run ops -- sign-in-link you@example.org',
    );
  }
  if (!config.smtpUrl) {
    lines.push('E-mails are not sent (SMTP_URL is not set): they are shown here instead.');
  }
  lines.push('Help: README.md (Run, Signing in) and npm run ops -- --help.');
  return lines.map((line) => (line ? `  ${line}` : line)).join('\n');
}
