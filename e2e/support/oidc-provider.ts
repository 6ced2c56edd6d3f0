import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createOidcProvider,
  finishInteraction,
  type OidcProvider,
} from '../../apps/server/test/oidc-provider';

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

const subjectOf = (email: string) => `sub-${Buffer.from(email).toString('base64url')}`;
const emailOf = (subject: string) =>
  Buffer.from(subject.replace(/^sub-/, ''), 'base64url').toString();

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
    if (request.method === 'GET') {
      const details = await provider.interactionDetails(request, response);
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(signInPage(details.uid));
      return;
    }
    const email = (await readForm(request)).get('email')?.trim().toLowerCase() ?? '';
    await finishInteraction(provider, request, response, subjectOf(email), e2eClientId);
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
  ready.provider = createOidcProvider({
    issuer,
    client: { id: e2eClientId, secret: e2eClientSecret, redirectUri },
    claimsOf: (subject) => {
      const email = emailOf(subject);
      return { email, email_verified: true, name: email.split('@')[0] ?? email };
    },
  });

  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
