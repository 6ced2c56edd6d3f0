import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './spa';

type HelmetRouteOptions = Omit<FastifyHelmetOptions, 'global'>;

const self = "'self'";
const none = "'none'";

/** Where Swagger UI is served; it is a page of its own, not an API answer. */
const apiDocsPrefix = '/api/docs';

/**
 * The browser app (and every other page): its own scripts, styles, images and API only. No inline
 * script, no `eval`, no plugin, no `<base>`; nothing may frame it. Inline style attributes are not
 * needed either: React sets `style={…}` through the CSSOM, which CSP does not govern, and the
 * build has no inline `<style>`. It frames only its own PDFs and e-mail HTML (`frame-src`).
 */
function appDirectives(isHttps: boolean) {
  return {
    defaultSrc: [self],
    scriptSrc: [self],
    scriptSrcAttr: [none],
    styleSrc: [self],
    imgSrc: [self],
    fontSrc: [self],
    connectSrc: [self],
    frameSrc: [self],
    workerSrc: [none],
    objectSrc: [none],
    baseUri: [none],
    formAction: [self],
    frameAncestors: [none],
    // Under plain http (development) it would send the browser to an https port nobody serves.
    ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Swagger UI at /api/docs: the app's policy, plus the inline styles and data: images its bundle
 * uses (it draws icons and applies styles at run time); still no inline script.
 */
function apiDocsDirectives(isHttps: boolean) {
  return {
    ...appDirectives(isHttps),
    styleSrc: [self, "'unsafe-inline'"],
    imgSrc: [self, 'data:'],
  };
}

/**
 * API answers are data, never a page: nothing they contain may run or load. The console frames some
 * of them (certificate and document PDFs, e-mail HTML), so its own origin may frame them; routes
 * that show stored content (e-mail HTML, uploaded documents, the verify page) send their own,
 * stricter policy, which replaces this one.
 */
const apiDirectives = {
  defaultSrc: [none],
  baseUri: [none],
  formAction: [none],
  frameAncestors: [self],
};

/**
 * Browser security headers on every answer (`@fastify/helmet`): a Content-Security-Policy, frame
 * protection, `nosniff`, `Referrer-Policy: no-referrer` (codes travel in sign-in URLs; no other
 * site may see them), HSTS when PUBLIC_URL is https, and `Cache-Control: no-store` on the API so
 * that no shared or browser cache keeps personal data. Helmet writes its headers when a request
 * arrives; a route that sets its own Content-Security-Policy or Cache-Control later replaces them.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
): Promise<void> {
  const isHttps = new URL(publicUrl).protocol === 'https:';
  const apiHelmet: HelmetRouteOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: apiDirectives },
    xFrameOptions: { action: 'sameorigin' },
  };
  const apiDocsHelmet: HelmetRouteOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: apiDocsDirectives(isHttps) },
  };

  // Before helmet and every route, so that helmet picks each API route's options up.
  app.addHook('onRoute', (route) => {
    if (route.helmet !== undefined) return;
    if (route.url === apiDocsPrefix || route.url.startsWith(`${apiDocsPrefix}/`)) {
      route.helmet = apiDocsHelmet;
    } else if (isApiPath(route.url)) {
      route.helmet = apiHelmet;
    }
  });

  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(isHttps) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // A year; only under https, where a browser may remember it (it ignores HSTS over http).
    strictTransportSecurity: isHttps
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}
