import { isatty } from 'node:tty';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

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

/** How log lines are written (config.logFormat): for a person at a terminal, or for machines. */
export type LogFormat = 'pretty' | 'json';

/** Fields pino adds to every line that tell a person at a terminal nothing. */
const noiseFields = new Set(['pid', 'hostname']);

/** `a=1 b.c=x` for a line's fields: readable at a glance, and no JSON to parse by eye. */
function fieldsText(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') {
    const text = typeof value === 'string' ? value : String(value);
    return [`${prefix}=${/\s/.test(text) || text === '' ? JSON.stringify(text) : text}`];
  }
  if (Array.isArray(value)) {
    const isFlat = value.every((item) => item === null || typeof item !== 'object');
    if (isFlat) return [`${prefix}=${value.join(',')}`];
  }
  return Object.entries(value).flatMap(([key, inner]) =>
    fieldsText(inner, prefix ? `${prefix}.${key}` : key),
  );
}

/** What pino's error serializer wrote, as a person reads it: the stack (or the message). */
function errorStack(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return err === undefined ? undefined : String(err);
  const { stack, message } = err as { stack?: unknown; message?: unknown };
  if (typeof stack === 'string') return stack;
  return typeof message === 'string' ? message : undefined;
}

/**
 * One line per entry: time, level, message and its fields as `name=value` (pino-pretty, run
 * synchronously in this thread rather than as a worker transport, so that a line is written
 * before the next statement runs: a fatal line before `process.exit`, tests and the CLI in
 * order). An error's stack follows on lines of its own.
 */
function prettyStream(destination: NodeJS.WritableStream | number, colorize: boolean) {
  return pretty({
    sync: true,
    destination,
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    // Everything else is in the message (below); pid and hostname are left out: at a terminal
    // they are always the same.
    include: 'level,time',
    messageFormat: (log, messageKey) => {
      const fields = Object.entries(log)
        .filter(
          ([key]) =>
            key !== messageKey &&
            key !== 'time' &&
            key !== 'level' &&
            key !== 'err' &&
            !noiseFields.has(key),
        )
        .flatMap(([key, value]) => fieldsText(value, key));
      const message = typeof log[messageKey] === 'string' ? log[messageKey] : '';
      const line = [message, ...fields].filter(Boolean).join(' ');
      const stack = errorStack(log.err);
      return stack ? `${line}\n    ${stack.replaceAll('\n', '\n    ')}` : line;
    },
  });
}

/**
 * The process's logger: `pretty` for a person (LOG_FORMAT, or a terminal), JSON lines otherwise.
 * Redaction (redactedPaths) happens in pino before either format writes, so both hide the same.
 * Lines go to `destination`: a file descriptor (1, the server's standard output; 2 for the CLI,
 * whose standard output is its result) or a stream (tests).
 */
export function createLogger(
  level: string,
  format: LogFormat,
  destination: NodeJS.WritableStream | number = 1,
): Logger {
  if (format === 'pretty') {
    const colorize = typeof destination === 'number' && isatty(destination);
    return pino(loggerOptions(level), prettyStream(destination, colorize));
  }
  const stream: DestinationStream =
    typeof destination === 'number'
      ? pino.destination({ dest: destination, sync: true })
      : (destination as DestinationStream);
  return pino(loggerOptions(level), stream);
}

export type { Logger };
