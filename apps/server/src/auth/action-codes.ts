import { actionCodeLifetimeMs, actionLinkModes, actionLinkParams } from '@ops/contract';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ActionCodesTable, Audience, Database, User } from '../db/schema';
import { AppError } from '../errors';
import { newSecretToken, sha256 } from './sessions';
import { clock } from '../lib/clock';

export type ActionCodeKind = ActionCodesTable['kind'];

const modeOfKind: Record<ActionCodeKind, string> = {
  'sign-in': actionLinkModes.signIn,
  'password-reset': actionLinkModes.resetPassword,
};

/**
 * A continue URL must be a page of this face (the console's `PUBLIC_URL`, the portal's
 * `PORTAL_URL`): the e-mailed link carries a sign-in code, and a link to anywhere else would
 * hand that code to a stranger (open redirect).
 */
export function ownContinueUrl(continueUrl: string, publicUrl: string): URL {
  let url: URL;
  try {
    url = new URL(continueUrl);
  } catch {
    throw new AppError('auth/invalid-continue-uri', 'The continue URL is not a valid address.');
  }
  if (url.origin !== new URL(publicUrl).origin) {
    throw new AppError(
      'auth/invalid-continue-uri',
      `The continue URL must be on ${new URL(publicUrl).origin}.`,
    );
  }
  return url;
}

/**
 * Stores a new single-use code (only its hash) and returns the link that carries it, with the
 * code on its own so the outbox can seal it (emails/sealed-secrets.ts). `issuedTo` says where
 * the link goes: e-mailed (the default) or printed to the server's terminal, whose link alone
 * may be completed with the e-mail it names (completeSignInLink).
 */
export async function issueActionCode(
  trx: Transaction<Database>,
  options: {
    kind: ActionCodeKind;
    /** Its person: a user, or (a portal sign-in only) an address no user has yet. */
    user: Pick<User, 'uid' | 'email'> | { uid: null; email: string };
    continueUrl: URL;
    issuedTo?: Selectable<ActionCodesTable>['issued_to'];
    /** The face whose page asked for it (the console unless said): it signs in only there. */
    audience?: Audience;
  },
): Promise<{ link: string; code: string }> {
  const code = newSecretToken();
  await trx
    .insertInto('action_codes')
    .values({
      code_hash: sha256(code),
      kind: options.kind,
      uid: options.user.uid,
      email: options.user.email,
      continue_url: options.continueUrl.href,
      issued_to: options.issuedTo ?? 'email',
      audience: options.audience ?? 'console',
      expires_at: new Date(clock.nowMs() + actionCodeLifetimeMs),
    })
    .execute();
  const link = new URL(options.continueUrl.href);
  link.searchParams.delete(actionLinkParams.mode);
  link.searchParams.delete(actionLinkParams.code);
  link.searchParams.set(actionLinkParams.mode, modeOfKind[options.kind]);
  link.searchParams.set(actionLinkParams.code, code);
  return { link: link.href, code };
}

/**
 * A code that exists, is of this kind and for this face, unused and not expired, or the reason
 * it is not. Another face's code is as unknown here as a made-up one.
 */
export async function findUsableActionCode(
  db: Kysely<Database> | Transaction<Database>,
  kind: ActionCodeKind,
  code: string,
  audience: Audience,
): Promise<Selectable<ActionCodesTable>> {
  const row = await db
    .selectFrom('action_codes')
    .selectAll()
    .where('code_hash', '=', sha256(code))
    .where('kind', '=', kind)
    .where('audience', '=', audience)
    .executeTakeFirst();
  if (!row || row.used_at) {
    throw new AppError(
      'auth/invalid-action-code',
      'This link is invalid or has already been used. Ask for a new one.',
    );
  }
  if (new Date(row.expires_at).getTime() <= clock.nowMs()) {
    throw new AppError('auth/expired-action-code', 'This link has expired. Ask for a new one.');
  }
  return row;
}

/** Marks a code used; of two requests racing with the same code, only one wins. */
export async function consumeActionCode(
  trx: Transaction<Database>,
  codeHash: string,
): Promise<void> {
  const used = await trx
    .updateTable('action_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) {
    throw new AppError('auth/invalid-action-code', 'This link has already been used.');
  }
}
