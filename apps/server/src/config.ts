import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The sections of `docs/configuration.md`, in its order. The document is generated from the
 * schema below by `npm run docs:config` (`config-docs.ts`): each variable's meaning, default and
 * rules are written here once, and a test fails when the document says anything else.
 */
export const configSections = [
  'Server and network',
  'Database and files',
  'E-mail',
  'Sign-in and sessions',
  'Payments, search and API',
  'Jobs',
  'Logs and metrics',
] as const;

/** What a person needs to know about one variable; the rules are read from its schema. */
export type VariableDoc = {
  section: (typeof configSections)[number];
  /** Markdown: what it does, its format, what to set in production. */
  description: string;
  /** Markdown: what happens when it is unset, for a variable whose schema has no default. */
  whenUnset?: string;
};

/** Every variable's documentation, keyed by its schema (each field of `ZEnvironment`). */
export const variableDocs = z.registry<VariableDoc>();

/** A rule in words where zod cannot say what a schema checks (a refinement, a transformation). */
export const ruleWords = z.registry<{ rule: string }>();

const quoted = (values: readonly string[]) => values.map((value) => `\`${value}\``);

function documented<T extends z.ZodType>(schema: T, doc: VariableDoc): T {
  variableDocs.add(schema, doc);
  return schema;
}

const trueWords = ['true', '1', 'yes'] as const;
const falseWords = ['false', '0', 'no'] as const;
const booleanFlag = z
  .enum([...trueWords, ...falseWords, ''])
  .transform((value) => (trueWords as readonly string[]).includes(value))
  .register(ruleWords, {
    rule: `${quoted(trueWords).join(', ')} for yes; ${quoted(falseWords).join(', ')} for no`,
  });

const optionalUrl = (protocols: string[]) => {
  const rule = `must start with ${protocols.join(' or ')}`;
  return z
    .string()
    .url()
    .refine((value) => protocols.includes(new URL(value).protocol), { message: rule })
    .register(ruleWords, { rule: `a URL starting with ${quoted(protocols).join(' or ')}` })
    .optional();
};

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

const proxyAddressRule = (names: readonly string[]) =>
  `an IP address, a CIDR range (prefix 1 or more) or one of ${names.join(', ')}`;

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
        message: `${invalid.map((entry) => JSON.stringify(entry)).join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not ${proxyAddressRule(namedProxyRanges)}`,
      });
    }
  })
  .register(ruleWords, {
    rule: `comma-separated, each ${proxyAddressRule(quoted(namedProxyRanges))}; a hop count such as \`1\` is refused`,
  });

/** Variables that are set together or not at all (`MICROSOFT_*`), checked and documented from here. */
export const requiredTogether = [
  ['MICROSOFT_ISSUER', 'MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
] as const;

/** Every environment variable of the operating contract, validated at start. */
export const ZEnvironment = z
  .object({
    PORT: documented(z.coerce.number().int().min(0).max(65535).default(3000), {
      section: 'Server and network',
      description:
        'The HTTP port of the API, the console, `/healthz` and `/readyz`. `0` takes a free port (the tests do).',
    }),
    HOST: documented(z.string().min(1).default('0.0.0.0'), {
      section: 'Server and network',
      description:
        'The interface to listen on: `0.0.0.0` is every IPv4 interface; `127.0.0.1` is this machine only (a reverse proxy on the same machine).',
    }),
    PORTAL_PORT: documented(z.coerce.number().int().min(0).max(65535).optional(), {
      section: 'Server and network',
      whenUnset: '`3001`; `0` (a free port) when `PORT` is `0`',
      description:
        "The HTTP port of the member portal (applicants, members and national associations): its pages and its own API under `/api`, on a listener of its own beside the console's, in the same process. Must differ from `PORT`. `0` takes a free port.",
    }),
    DATA_DIR: documented(z.string().min(1).default('./data'), {
      section: 'Database and files',
      description:
        "Where the embedded PostgreSQL lives (`DATA_DIR/postgres`; uploaded files are in the database), and the default parent of `BACKUP_DIR`; a relative path is taken from the working directory. One server per `DATA_DIR`: a second one is refused with a message (`npm run ops` joins the running one). The embedded cluster's superuser only creates the app's role `operations_app`, the owner of the `operations` database, which every connection of the server and of `npm run ops` uses; both passwords are in `DATA_DIR/postgres-credentials.json`, readable by its owner only. Put it on a local file system that the user running Node owns; when Node runs as root, PostgreSQL runs as the `postgres` user, who must be able to traverse every folder of the path (`chmod o+x`). With `DATABASE_URL` nothing is embedded here.",
    }),
    DATABASE_URL: documented(optionalUrl(['postgres:', 'postgresql:']), {
      section: 'Database and files',
      whenUnset: 'an embedded PostgreSQL 18 in `DATA_DIR`',
      description:
        "An external PostgreSQL (15 to 18), e.g. `postgres://operations:<password>@db.example.org:5432/operations?sslmode=verify-full`. When set, nothing is embedded and any number of servers may share it. Percent-encode the password when it has `@ : / ? # %`. `sslmode=verify-full` makes the `pg` driver check the certificate and the host name (add `&sslrootcert=/path/to/ca.pem` for a private CA; `pg` treats `require` as `verify-full` too, with a warning). The role should own its database and nothing more, never a superuser (the server warns at start when it is one); the migrations' extensions, `unaccent` and `pg_trgm`, are trusted ones, which a database owner may create. The URL is redacted in logs, and `npm run ops -- backup` hands the password to `pg_dump` in its environment, never on a command line. See [An external PostgreSQL](operations.md#an-external-postgresql-15-to-18).",
    }),
    PUBLIC_URL: documented(optionalUrl(['http:', 'https:']), {
      section: 'Server and network',
      whenUnset: '`http://localhost:$PORT`',
      description:
        "The address people type, e.g. `https://console.example.org` (no path; a trailing `/` is dropped). The links in e-mails (sign-in links, applications, invoices) and the Microsoft redirect URI `$PUBLIC_URL/api/auth/microsoft/callback` derive from it, and so does the allowed `Origin` of state-changing requests: a `POST`, `PUT`, `PATCH` or `DELETE` from a browser whose `Origin` is neither `PUBLIC_URL`'s nor the request's own host is refused (403). With `https:` the session cookie is `Secure` and named `__Host-ops_session`, and HSTS is sent; with `http:` it is `ops_session` without `Secure`: fine on localhost, never in production. Set it on every instance of a real deployment.",
    }),
    PORTAL_URL: documented(optionalUrl(['http:', 'https:']), {
      section: 'Server and network',
      whenUnset: '`http://localhost:$PORTAL_PORT`',
      description:
        "The address members type for the portal, e.g. `https://members.example.org`: in production a host name of its own, never the console's (see [The member portal](operations.md#the-member-portal)). The links in the portal's e-mails derive from it, and so does the allowed `Origin` of the portal's state-changing requests. Its session cookie is its own (`ops_portal_session`, `__Host-ops_portal_session` under https): a portal session is never accepted by the console, nor a console session by the portal.",
    }),
    SMTP_URL: documented(optionalUrl(['smtp:', 'smtps:']), {
      section: 'E-mail',
      whenUnset: 'e-mails are not delivered (development)',
      description:
        "The SMTP server for outgoing e-mail (sign-in links, invoices, reminders). Unset, e-mails are kept in the e-mail log and printed on the terminal instead of being delivered, with one log line each, and the first start's banner prints a sign-in link for the demo admin. Redacted in logs.",
    }),
    MAIL_FROM: documented(z.string().min(3).default('Operations <no-reply@localhost>'), {
      section: 'E-mail',
      description: 'The sender of outgoing e-mail, e.g. `Federation <billing@federation.org>`.',
    }),
    MICROSOFT_ISSUER: documented(optionalUrl(['http:', 'https:']), {
      section: 'Sign-in and sessions',
      whenUnset: 'no Microsoft sign-in',
      description:
        'The OpenID Connect issuer of the Microsoft Entra tenant for "Sign in with Microsoft": `https://login.microsoftonline.com/<tenant id>/v2.0`. Register an app in the tenant with the redirect URI `$PUBLIC_URL/api/auth/microsoft/callback` and the optional ID-token claims `email` and `xms_edov`: an existing account is linked to a Microsoft identity only when Microsoft vouches for its e-mail address.',
    }),
    MICROSOFT_CLIENT_ID: documented(z.string().min(1).optional(), {
      section: 'Sign-in and sessions',
      description: 'The client id of that app registration.',
    }),
    MICROSOFT_CLIENT_SECRET: documented(z.string().min(1).optional(), {
      section: 'Sign-in and sessions',
      description: "The app registration's client secret. Redacted in logs.",
    }),
    MICROSOFT_DOMAINS: documented(
      z
        .string()
        .default('')
        .transform((value) =>
          value
            .split(',')
            .map((domain) => domain.trim().toLowerCase())
            .filter(Boolean),
        ),
      {
        section: 'Sign-in and sessions',
        description:
          'Comma-separated e-mail domains (in any case) whose users are offered Microsoft sign-in, e.g. `federation.org,fiata.example`; a user already linked to a Microsoft identity is offered it whatever the domain.',
      },
    ),
    AUTH_ENUMERATION_PROTECTION: documented(booleanFlag.default(false), {
      section: 'Sign-in and sessions',
      description:
        '`true`: the sign-in method lookup answers `[]` for everyone, and a password sign-in for an unknown e-mail answers "wrong password" like any other, so nobody can probe which e-mails have accounts.',
    }),
    STRIPE_WEBHOOK_SECRET: documented(z.string().startsWith('whsec_').optional(), {
      section: 'Payments, search and API',
      whenUnset: 'card-payment webhooks are refused (503)',
      description:
        'The `whsec_…` signing secret that card-payment webhooks (Stripe, `POST /api/webhooks/stripe`) are verified with; a webhook that does not verify is answered 400. Redacted in logs.',
    }),
    SEARCH_INDEX: documented(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "-" and "_" only, at most 64')
        .default('operations'),
      {
        section: 'Payments, search and API',
        description: 'The name of the search index (`indexes/{SEARCH_INDEX}/search`).',
      },
    ),
    SEED: documented(z.enum(['demo', 'none']).optional(), {
      section: 'Database and files',
      whenUnset: '`demo` without `DATABASE_URL`, `none` with it',
      description:
        "`demo`: load the demo data set (1,000 members and a demo admin, `operator@ops.demo.example`) on the first start of an empty database. `none`: never. An external database may be production's, so it gets no demo data and no demo admin unless `SEED=demo`. For real use of an embedded installation set `SEED=none` before its very first start (the demo data goes into an empty database only; if it is there already, start again on a new `DATA_DIR` with `SEED=none`).",
    }),
    TRUST_PROXY: documented(trustedProxies.optional(), {
      section: 'Server and network',
      whenUnset: 'no proxy is believed',
      description:
        "The reverse proxies whose `X-Forwarded-For` (the client's address) and `X-Forwarded-Proto` (its scheme) the server believes: addresses (`10.0.1.5,10.0.1.6`, `2001:db8::1`), CIDR ranges (`10.0.1.0/24`, `fd00::/8`) or named ranges (`loopback` for a proxy on the same machine); with a load balancer in front of the proxy, list both. The client's address is what per-address sign-in throttles count and what logs show: the right-most one in `X-Forwarded-For` that is not a trusted proxy, so a client's own made-up header changes nothing. Unset, it is the TCP peer: behind a proxy every client then shares the proxy's address, and one person's failures throttle everyone. `true`, `0.0.0.0/0` and hop counts are refused at start: with them anyone could choose their own address and walk past every per-address limit.",
    }),
    API_DOCS_PUBLIC: documented(booleanFlag.default(false), {
      section: 'Payments, search and API',
      description:
        '`true`: the API documentation (`/api/docs`) is open to anyone. Otherwise only signed-in operators may read it.',
    }),
    SESSION_IDLE_MINUTES: documented(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(525_600)
        .default(12 * 60),
      {
        section: 'Sign-in and sessions',
        description: 'Minutes: a session unused this long ends (the default is 12 hours).',
      },
    ),
    SESSION_MAX_AGE_HOURS: documented(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(8_760)
        .default(7 * 24),
      {
        section: 'Sign-in and sessions',
        description:
          'Hours: a session ends this long after sign-in, however active (the default is 7 days).',
      },
    ),
    JOB_WORKER_TIMEOUT_SECONDS: documented(z.coerce.number().int().min(2).max(3_600).default(30), {
      section: 'Jobs',
      description:
        'Seconds: a job runner (one per server instance) silent this long is taken for dead: its running jobs are unlocked and run again by another instance, and the run shows "Taken over" on the Jobs screen.',
    }),
    LOG_LEVEL: documented(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      {
        section: 'Logs and metrics',
        description:
          'How much is logged. At `info`, requests appear only when they fail (5xx) or take over 500 ms; `debug` logs every request. Secrets are redacted at every level and in every format.',
      },
    ),
    LOG_FORMAT: documented(z.enum(['pretty', 'json']).optional(), {
      section: 'Logs and metrics',
      whenUnset: '`pretty` when standard output is a terminal, `json` otherwise',
      description:
        '`pretty`: one readable line per entry (time, level, message, `name=value` fields), for a person. `json`: one JSON object per line, for files, journald and log collectors; so under systemd or Docker it is JSON unless set. Logs go to standard output; the CLI logs to standard error.',
    }),
    METRICS_TOKEN: documented(z.string().min(16, 'must be at least 16 characters').optional(), {
      section: 'Logs and metrics',
      whenUnset: 'no `/metrics` on the main port (404)',
      description:
        "`GET /metrics` (Prometheus, this instance's figures) on the main port answers to `Authorization: Bearer <token>` only (401 without it or with a wrong one); `METRICS_PORT` asks for it too. Neither this nor `METRICS_PORT` set: no metrics.",
    }),
    METRICS_PORT: documented(z.coerce.number().int().min(1).max(65535).optional(), {
      section: 'Logs and metrics',
      whenUnset: 'no metrics port',
      description:
        '`GET /metrics` on a plain HTTP listener of its own (`METRICS_HOST:METRICS_PORT`) that serves nothing else, asking for `METRICS_TOKEN` when that is set.',
    }),
    METRICS_HOST: documented(z.string().min(1).default('127.0.0.1'), {
      section: 'Logs and metrics',
      description:
        'Where `METRICS_PORT` listens: this machine only by default, whatever `HOST` is. For a scraper elsewhere, set `0.0.0.0` (or a private interface) and `METRICS_TOKEN`.',
    }),
    BACKUP_DIR: documented(z.string().min(1).optional(), {
      section: 'Database and files',
      whenUnset: '`DATA_DIR/backups`',
      description:
        'Where the nightly backup job writes its backups, and `npm run ops -- backup` by default, owner-only; retention in Settings → Backups (14 days by default). With several instances the job runs on whichever takes it, so make it a folder they share. See [Backups and restore](operations.md#backups-and-restore).',
    }),
  })
  .superRefine((env, context) => {
    for (const group of requiredTogether) {
      const given = group.filter((name) => env[name] !== undefined);
      if (given.length > 0 && given.length < group.length) {
        for (const name of group.filter((name) => env[name] === undefined)) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `is required when ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set`,
          });
        }
      }
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** The member portal's listener and address (issue 34). */
  portalPort: number;
  portalUrl: string;
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
  // Tests and benchmarks run many servers side by side with PORT=0: their portals take free
  // ports too, rather than all asking for 3001.
  const portalPort = e.PORTAL_PORT ?? (e.PORT === 0 ? 0 : 3001);
  if (portalPort !== 0 && portalPort === e.PORT) {
    throw new ConfigError(
      `Invalid configuration:\n  PORTAL_PORT: must differ from PORT (both are ${portalPort})`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    portalPort,
    portalUrl: (e.PORTAL_URL ?? `http://localhost:${portalPort}`).replace(/\/$/, ''),
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
