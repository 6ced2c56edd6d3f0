import { generateKeyPairSync } from 'node:crypto';
import type http from 'node:http';
// @ts-expect-error -- oidc-provider ships no type declarations; we use a handful of its calls.
import Provider, { interactionPolicy } from 'oidc-provider';

/** The few calls of oidc-provider (which ships no types) that our tests make. */
export type OidcProvider = {
  callback(): http.RequestListener;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (options: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
};

export type ProviderClaims = { email: string; email_verified: boolean; name: string };

/**
 * A real OpenID provider (oidc-provider) configured like a Microsoft Entra tenant as our app
 * uses it: one confidential client, PKCE required, `prompt=select_account` accepted, e-mail
 * claims in the ID token itself. The caller serves it (its `callback()`) and handles
 * `/interaction/:uid`, where a person would see the provider's sign-in pages.
 */
export function createOidcProvider(options: {
  issuer: string;
  client: { id: string; secret: string; redirectUri: string };
  claimsOf(subject: string): ProviderClaims | undefined;
}): OidcProvider {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  return new Provider(options.issuer, {
    clients: [
      {
        client_id: options.client.id,
        client_secret: options.client.secret,
        redirect_uris: [options.client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['a cookie key of the test provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Entra ID, put the requested claims in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = options.claimsOf(sub);
      return claims && { accountId: sub, claims: () => ({ sub, ...claims }) };
    },
  }) as OidcProvider;
}

/** Signs `accountId` in at the pending interaction and grants the scopes it asked for. */
export async function finishInteraction(
  provider: OidcProvider,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  accountId: string,
  clientId: string,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { select_account: {}, login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
