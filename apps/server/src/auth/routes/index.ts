import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailLinkRoutes } from './email-link';
import { currentUserRoute } from './me';
import { signInMethodsRoute } from './methods';
import { microsoftSignInRoutes } from './microsoft-sign-in';
import { passwordResetRoutes } from './password-reset';
import { passwordSignInRoute } from './password-sign-in';
import { sessionProbeRoute } from './session-probe';
import { signOutRoute } from './sign-out';
import { preferredLanguageRoute } from './preferred-language';

export { toAuthUser } from './sign-in-session';

/**
 * The largest body a sign-in call takes. Its fields are an address, a password (1 KB at most), a
 * code and a continue URL (2 KB at most); anyone may call these routes, so nobody may make the
 * server read 10 MB (the API's limit) to be told no.
 */
export const signInBodyLimit = 16 * 1024;

/**
 * Our authentication provider: the calls of spec §7, as plain HTTP. One file per operation (or
 * per flow of a few calls), registered in this order (the order of the OpenAPI document).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  limitBodies(app);
  await app.register(signInMethodsRoute);
  await app.register(passwordSignInRoute);
  await app.register(emailLinkRoutes);
  await app.register(passwordResetRoutes);
  await app.register(microsoftSignInRoutes);
  await app.register(currentUserRoute);
  await app.register(sessionProbeRoute);
  await app.register(signOutRoute);
};

/**
 * The member portal's (issue 34): the same service and calls, on the portal's origin with its
 * own cookie, codes and sessions (the app's face). Not Microsoft: its redirect URI is the
 * console's, and the portal's people are the members' and applicants', not the federation's.
 */
export const portalAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  limitBodies(app);
  await app.register(signInMethodsRoute);
  await app.register(passwordSignInRoute);
  await app.register(emailLinkRoutes);
  await app.register(passwordResetRoutes);
  await app.register(currentUserRoute);
  await app.register(preferredLanguageRoute);
  await app.register(sessionProbeRoute);
  await app.register(signOutRoute);
};

/**
 * This plugin's routes only (it is encapsulated): each takes a small body at most. The hook
 * also reaches the routes of the plugins registered below it.
 */
function limitBodies(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= signInBodyLimit;
  });
}
