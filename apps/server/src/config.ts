import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.join(' or ')}`,
    })
    .optional();

/** The named ranges Fastify's proxy-addr knows, for proxies on the same host or network. */
const namedProxyRanges = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, or an IP/prefix range narrower than "every address". */
function isProxyAddress(entry: string): boolean {
  if (namedProxyRanges.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * The reverse proxies whose X-Forwarded-For may name the client: addresses, CIDR ranges or named
 * ranges. Nothing else: `true` (or 0.0.0.0/0) lets anyone pick their own address and walk past
 * every per-address limit, and a hop count trusts X-Forwarded-* from whoever connects directly,
 * so Fastify (5.12.1 and later) ignores it; we refuse both instead of running silently unsafe.
 */
const trustedProxies = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .superRefine((entries, context) => {
    if (entries.length === 1 && /^\d+$/.test(entries[0] ?? '')) {
      context.addIssue({
        code: 'custom',
        message:
          'hop counts are not supported (they trust whoever connects directly); give the addresses or CIDR ranges of your proxies',
      });
      return;
    }
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `${invalid.map((entry) => JSON.stringify(entry)).join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not an IP address, a CIDR range (prefix 1 or more) or one of ${namedProxyRanges.join(', ')}`,
      });
    }
  });

/** Every environment variable of the operating contract (architecture.md), validated at start. */
const ZEnvironment = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().min(3).default('Operations <no-reply@localhost>'),
    MICROSOFT_ISSUER: optionalUrl(['http:', 'https:']),
    MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
    MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
    MICROSOFT_DOMAINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((domain) => domain.trim().toLowerCase())
          .filter(Boolean),
      ),
    AUTH_ENUMERATION_PROTECTION: booleanFlag.default(false),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    SEARCH_INDEX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "-" and "_" only, at most 64')
      .default('operations'),
    // Unset: demo data on an empty embedded database only; a DATABASE_URL may be production's.
    SEED: z.enum(['demo', 'none']).optional(),
    TRUST_PROXY: trustedProxies.optional(),
    API_DOCS_PUBLIC: booleanFlag.default(false),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(525_600)
      .default(12 * 60),
    SESSION_MAX_AGE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(8_760)
      .default(7 * 24),
    // A job runner silent this long is taken for dead: its jobs are unlocked for another instance.
    JOB_WORKER_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3_600).default(30),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // Unset: human-readable lines on a terminal, JSON lines otherwise (files, journald, collectors).
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    // GET /metrics (Prometheus): with a Bearer token on the main port, or on a port of its own.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    // Where METRICS_PORT listens: this machine only unless a scraper elsewhere needs it (issue 31).
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    // Where the nightly backup job writes (default DATA_DIR/backups).
    BACKUP_DIR: z.string().min(1).optional(),
  })
  .superRefine((env, context) => {
    const microsoft = [
      'MICROSOFT_ISSUER',
      'MICROSOFT_CLIENT_ID',
      'MICROSOFT_CLIENT_SECRET',
    ] as const;
    const given = microsoft.filter((name) => env[name] !== undefined);
    if (given.length > 0 && given.length < microsoft.length) {
      for (const name of microsoft.filter((name) => env[name] === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is required when ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set`,
        });
      }
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  microsoft:
    { issuer: string; clientId: string; clientSecret: string; domains: string[] } | undefined;
  authEnumerationProtection: boolean;
  stripeWebhookSecret: string | undefined;
  searchIndex: string;
  seed: 'demo' | 'none';
  /** Proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy); false: none. */
  trustProxy: string[] | false;
  /** Whether /api/docs is open to anyone; otherwise operators only. */
  apiDocsPublic: boolean;
  /** A session unused this long ends. */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, however active. */
  sessionMaxAgeMs: number;
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  /** How log lines are written: pretty on a terminal unless LOG_FORMAT says otherwise. */
  logFormat: 'pretty' | 'json';
  /** GET /metrics: off when neither is set (a token on the main port, or a port of its own). */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** Where scheduled backups are written (absolute). */
  backupDir: string;
  /** A job runner without a heartbeat for this long is taken over (`jobs/take-over.ts`). */
  jobWorkerTimeoutMs: number;
};

/** Raised for configuration a person must fix; main prints it without a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; unset and empty variables take their defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ZEnvironment.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    microsoft:
      e.MICROSOFT_ISSUER && e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
        ? {
            issuer: e.MICROSOFT_ISSUER,
            clientId: e.MICROSOFT_CLIENT_ID,
            clientSecret: e.MICROSOFT_CLIENT_SECRET,
            domains: e.MICROSOFT_DOMAINS,
          }
        : undefined,
    authEnumerationProtection: e.AUTH_ENUMERATION_PROTECTION,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    searchIndex: e.SEARCH_INDEX,
    seed: e.SEED ?? (e.DATABASE_URL ? 'none' : 'demo'),
    trustProxy: e.TRUST_PROXY ?? false,
    apiDocsPublic: e.API_DOCS_PUBLIC,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    jobWorkerTimeoutMs: e.JOB_WORKER_TIMEOUT_SECONDS * 1_000,
  };
}
