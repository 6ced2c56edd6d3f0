import pino, { type Logger, type LoggerOptions } from 'pino';

/**
 * Anything that may carry a secret is censored before a line is written: cookies, authorization
 * headers, passwords, tokens and connection strings with credentials.
 */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.apiKey',
  '*.databaseUrl',
  '*.smtpUrl',
  '*.clientSecret',
  '*.stripeWebhookSecret',
];

/** Query parameters that carry a secret wherever they appear: e-mailed codes, OAuth codes, keys. */
const secretQueryParameters = new Set(['oobcode', 'code', 'token', 'apikey', 'api_key', 'state']);

/** Paths whose whole query string is kept in logs: the API's own filters and pages. */
const apiPathPrefixes = ['/api/', '/functions/', '/indexes/'];

/**
 * A URL as logs may show it. The browser app's pages (`/?mode=signIn&oobCode=…`, the reset
 * screen) and the public `/verify` page receive secrets in their query strings, so only their
 * parameter names are kept; an API URL keeps its query, minus the value of any parameter that
 * carries a secret (the Microsoft callback's `code` and `state`, for instance).
 */
export function urlForLog(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const pathname = url.slice(0, queryStart);
  const isApi = apiPathPrefixes.some((prefix) => pathname.startsWith(prefix));
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      if (separator === -1) return name;
      const isSecret = !isApi || secretQueryParameters.has(safeDecode(name).toLowerCase());
      return isSecret ? `${name}=[redacted]` : pair;
    });
  return `${pathname}?${parameters.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** What Fastify's request (or Node's) has that a log line shows; Fastify's fields, safe URL. */
type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
};

/**
 * Replaces Fastify's `req` serializer (same fields; `buildApp` installs it) so that no logged URL
 * carries a secret from its query string: Fastify logs every incoming request's `req.url`.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : urlForLog(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: redactedPaths, censor: '[redacted]' } };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}

export type { Logger };
