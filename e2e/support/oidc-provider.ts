import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; we use a handful of its calls.
import Provider, { interactionPolicy } from 'oidc-provider';

/** The few calls of oidc-provider (which ships no types) that this stand-in tenant makes. */
type OidcProvider = {
  callback(): http.RequestListener;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ uid: string; params: Record<string, unknown> }>;
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

export const e2eClientId = 'ops-console-e2e';
export const e2eClientSecret = 'the client secret of the end-to-end provider';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

/**
 * A real OpenID provider on loopback standing in for the Microsoft tenant. Its sign-in page asks
 * for the work e-mail address (as Microsoft's does); every address is a verified account whose
 * subject is derived from it.
 */
export async function startOidcProvider(redirectUri: string) {
  // Made once the server listens, since the issuer carries the port.
  const ready: { provider?: OidcProvider } = {};

  const signInPage = (
    uid: string,
  ) => `<!doctype html><html lang="en"><head><title>Sign in to your account</title></head>
<body><main><h1>Sign in</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>Email, phone, or Skype <input type="email" name="email" required autofocus></label>
<button type="submit">Next</button></form></main></body></html>`;

  const interaction = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const provider = ready.provider;
    if (!provider) throw new Error('The provider is not ready');
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'GET') {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(signInPage(details.uid));
      return;
    }
    const email = (await readForm(request)).get('email')?.trim().toLowerCase() ?? '';
    const accountId = `sub-${Buffer.from(email).toString('base64url')}`;
    const grant = new provider.Grant({ accountId, clientId: e2eClientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { select_account: {}, login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    ready.provider?.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  ready.provider = new Provider(issuer, {
    clients: [
      {
        client_id: e2eClientId,
        client_secret: e2eClientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'e2e-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['a cookie key of the end-to-end provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, pending: { uid: string }) => `/interaction/${pending.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const email = Buffer.from(sub.replace(/^sub-/, ''), 'base64url').toString();
      const name = email.split('@')[0] ?? email;
      return { accountId: sub, claims: () => ({ sub, email, email_verified: true, name }) };
    },
  });

  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
