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

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: redactedPaths, censor: '[redacted]' } };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}

export type { Logger };
