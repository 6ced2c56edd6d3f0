import * as oidc from 'openid-client';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, User } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { recordAudit } from '../db/audit';
import { createUser, toAuthUser } from './accounts';
import { ownContinueUrl } from './action-codes';
import { recordSignIn } from './service';
import { newSecretToken, sha256 } from './sessions';
import { clock } from '../lib/clock';

/** Cookie that binds a sign-in by redirect to the browser that started it. */
export const redirectCookieName = 'ops_redirect';

/** Under https, `__Host-` as for the session cookie (sessionCookieNameFor): no planted flows. */
export function redirectCookieNameFor(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? `__Host-${redirectCookieName}` : redirectCookieName;
}
/** Time a person has to get through the provider's pages. */
export const redirectLifetimeMs = 10 * 60 * 1000;
export const microsoftCallbackPath = '/api/auth/microsoft/callback';

type MicrosoftConfig = NonNullable<Config['microsoft']>;

const discovered = new Map<string, Promise<oidc.Configuration>>();

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The provider's configuration, discovered once per issuer. Plain http is allowed only for an
 * issuer on loopback (a provider started by the tests); a real tenant is always https.
 */
function providerConfiguration(microsoft: MicrosoftConfig): Promise<oidc.Configuration> {
  const key = `${microsoft.issuer} ${microsoft.clientId}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    const issuer = new URL(microsoft.issuer);
    configuration = oidc.discovery(
      issuer,
      microsoft.clientId,
      microsoft.clientSecret,
      undefined,
      issuer.protocol === 'http:' && isLoopback(issuer)
        ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
        : { timeout: 10 },
    );
    // A provider that was unreachable once is asked again next time.
    configuration.catch(() => discovered.delete(key));
    discovered.set(key, configuration);
  }
  return configuration;
}

function requireMicrosoft(config: Config): MicrosoftConfig {
  if (!config.microsoft) {
    throw new AppError('auth/operation-not-allowed', 'Sign-in with Microsoft is not configured.');
  }
  return config.microsoft;
}

/** Starts a sign-in by redirect: authorization code with PKCE, state and nonce, English pages. */
export async function startMicrosoftSignIn(
  db: Kysely<Database>,
  config: Config,
  continueUrl: string,
): Promise<{ url: string; bindingToken: string }> {
  const microsoft = requireMicrosoft(config);
  const returnTo = ownContinueUrl(continueUrl, config.publicUrl);
  let configuration: oidc.Configuration;
  try {
    configuration = await providerConfiguration(microsoft);
  } catch (error) {
    throw new AppError('unavailable', 'The Microsoft sign-in service cannot be reached.', {
      cause: error,
    });
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const bindingToken = newSecretToken();
  await db
    .insertInto('redirect_sign_ins')
    .values({
      binding_hash: sha256(bindingToken),
      provider: microsoft.issuer,
      state,
      nonce,
      code_verifier: codeVerifier,
      continue_url: returnTo.href,
      expires_at: new Date(clock.nowMs() + redirectLifetimeMs),
    })
    .execute();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: `${config.publicUrl}${microsoftCallbackPath}`,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ui_locales: 'en',
    prompt: 'select_account',
  });
  return { url: url.href, bindingToken };
}

type Claims = {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  xms_edov?: unknown;
  name?: unknown;
};

/**
 * The account of a provider identity: the one already linked to its subject; else the account
 * with the same e-mail, linked now, but only when the provider vouches for that e-mail; else a
 * new account (the provider is the federation's own tenant, so its people may have one; whether
 * they are operators is decided separately).
 */
async function accountOfIdentity(
  db: Kysely<Database>,
  provider: string,
  claims: Claims,
): Promise<User> {
  return writeTransaction(db, async (trx) => {
    const linked = await trx
      .selectFrom('user_identities as i')
      .innerJoin('users as u', 'u.uid', 'i.uid')
      .selectAll('u')
      .where('i.provider', '=', provider)
      .where('i.subject', '=', claims.sub)
      .executeTakeFirst();
    if (linked) {
      await trx
        .updateTable('user_identities')
        .set({ last_sign_in_at: sql<Date>`now()` })
        .where('provider', '=', provider)
        .where('subject', '=', claims.sub)
        .execute();
      return linked;
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    if (!email) {
      throw new AppError(
        'auth/invalid-credential',
        'The Microsoft account did not share an e-mail address.',
      );
    }
    // Entra ID vouches for an e-mail with xms_edov (domain owner verified); others email_verified.
    const isEmailVerified = claims.email_verified === true || claims.xms_edov === true;
    let user = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    if (user && !isEmailVerified) {
      throw new AppError(
        'auth/account-exists-with-different-credential',
        `An account with ${email} exists, but Microsoft did not confirm that this e-mail is yours. Sign in another way.`,
      );
    }
    const actor = { kind: 'system' as const, uid: null };
    user ??= await createUser(trx, actor, {
      email,
      displayName: typeof claims.name === 'string' ? claims.name : undefined,
      createdBy: 'microsoft',
    });
    await trx
      .insertInto('user_identities')
      .values({ provider, subject: claims.sub, uid: user.uid, email, last_sign_in_at: clock.now() })
      .execute();
    await recordAudit(trx, actor, {
      table: 'users',
      recordId: user.uid,
      action: 'link-identity',
      after: { provider, subject: claims.sub },
    });
    return user;
  });
}

export type RedirectOutcome = {
  continueUrl: string;
  user: User | null;
};

/**
 * The provider sent the browser back: checks state, nonce and PKCE through the client library,
 * signs the person in, and keeps the outcome for the app to read once (spec §4 "pending redirect
 * result"). Failures are kept as the outcome too; they never throw past this point.
 */
export async function finishMicrosoftSignIn(
  db: Kysely<Database>,
  config: Config,
  bindingToken: string | undefined,
  callbackUrl: URL,
): Promise<RedirectOutcome> {
  const home = `${config.publicUrl}/`;
  if (!bindingToken) return { continueUrl: home, user: null };
  const bindingHash = sha256(bindingToken);
  const pending = await db
    .selectFrom('redirect_sign_ins')
    .selectAll()
    .where('binding_hash', '=', bindingHash)
    .where('result', 'is', null)
    .where('expires_at', '>', clock.now())
    .executeTakeFirst();
  if (!pending) return { continueUrl: home, user: null };

  let user: User | null = null;
  let result: Record<string, unknown>;
  try {
    const microsoft = requireMicrosoft(config);
    const configuration = await providerConfiguration(microsoft);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.code_verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims() as Claims | undefined;
    if (!claims) throw new AppError('auth/invalid-credential', 'Microsoft sent no identity.');
    const account = await accountOfIdentity(db, pending.provider, claims);
    if (account.disabled || account.deleted_at) {
      throw new AppError('auth/user-disabled', 'This account has been disabled.');
    }
    user = await recordSignIn(db, account, 'microsoft');
    result = { user: toAuthUser(user) };
  } catch (error) {
    result = {
      error:
        error instanceof AppError
          ? { code: error.code, message: error.message }
          : {
              code: 'auth/invalid-credential',
              message: `Microsoft sign-in did not complete: ${error instanceof Error ? error.message : String(error)}`,
            },
    };
  }
  await db
    .updateTable('redirect_sign_ins')
    .set({ result: JSON.stringify(result) })
    .where('binding_hash', '=', bindingHash)
    // The same callback twice (a double click, a reload): the first outcome stands.
    .where('result', 'is', null)
    .execute();
  return { continueUrl: pending.continue_url, user };
}

/** Reads, once, the outcome of the browser's last sign-in by redirect. */
export async function takeRedirectResult(
  db: Kysely<Database>,
  bindingToken: string | undefined,
): Promise<Record<string, unknown> | null> {
  if (!bindingToken) return null;
  const row = await db
    .deleteFrom('redirect_sign_ins')
    .where('binding_hash', '=', sha256(bindingToken))
    .returning('result')
    .executeTakeFirst();
  return row?.result ?? null;
}
