import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { installJobQueueSchema } from './db/job-queue';
import { migrateToLatest } from './db/migrate';
import { listenForNotifications } from './db/notifications';
import { logTransport, smtpTransport, startEmailWorker } from './emails';
import { startSearchWorker } from './search';
import { outboxChannel } from './emails';
import { getInvoicePdf } from './invoices';
import { startJobRunner } from './jobs';
import { changesChannel } from './realtime';
import {
  createMetrics,
  instrumentPool,
  isMetricsEndpointOn,
  startMetricsListener,
} from './metrics';
import type { Logger } from './logger';
import { loadCountries } from './seed';
import { seedDemo } from './seed';

/** Members in the demo data set loaded on the first start of an empty database (SEED=demo). */
export const firstStartDemoScale = 1_000;

export type RunningServer = {
  app: FastifyInstance;
  /** The member portal's app (issue 34): the same process, its own listener and origin. */
  portalApp: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  /** Where the portal's listener answers (PORTAL_PORT), as `url` is the console's. */
  portalUrl: string;
  /** Stops accepting requests, lets in-flight ones finish, then stops the database. */
  stop(): Promise<void>;
};

async function isBusinessDataEmpty(database: DatabaseHandle): Promise<boolean> {
  const { rows } = await sql<{ empty: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM members)
       AND NOT EXISTS (SELECT 1 FROM applications)
       AND NOT EXISTS (SELECT 1 FROM invoices) AS empty`.execute(database.db);
  return rows[0]?.empty ?? false;
}

/** Everything `npm start` does after reading the configuration. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const startedAt = performance.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    role: 'server',
    logger,
  });
  // This instance's metrics (metrics/): its pools and job runner report to them from the start.
  const metrics = createMetrics({
    db: database.db,
    logger,
    processMetrics: isMetricsEndpointOn(config),
  });
  instrumentPool(metrics.pools, database.pool, 'main');
  // What has started, stopped in reverse order: requests first, the database last.
  const stops: (() => Promise<void> | void)[] = [() => database.close()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) {
      // A count and the newest: the first start applies every migration, a line too long to read.
      logger.info({ applied: applied.length, latest: applied.at(-1) }, 'database migrated');
    }
    // graphile-worker's own schema, by its own migrations (once, under a lock: db/job-queue.ts).
    await installJobQueueSchema(database.connectionString);
    await loadCountries(database.pool);
    if (config.seed === 'demo' && (await isBusinessDataEmpty(database))) {
      logger.info({ scale: firstStartDemoScale }, 'empty database: loading the demo data set');
      const report = await seedDemo({ pool: database.pool, scale: firstStartDemoScale, seed: 1 });
      logger.info(
        { members: report.counts.members, elapsedMs: report.elapsedMs },
        'demo data loaded',
      );
    }
    const notifications = await listenForNotifications(
      database.connectionString,
      [changesChannel, outboxChannel],
      logger,
    );
    stops.push(() => notifications.close());
    if (config.databaseUrl && !config.smtpUrl) {
      // An external database is usually production's: without SMTP no e-mail reaches anyone,
      // and the links people ask for are only shown where this process writes (issue 31).
      logger.warn(
        'DATABASE_URL is set but SMTP_URL is not: e-mails are not delivered, only kept in the e-mail log; sign-in links are printed only to a terminal (set SMTP_URL)',
      );
    }
    const emailWorker = startEmailWorker({
      db: database.db,
      transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : logTransport(logger),
      notifications,
      logger,
      // Renewal e-mails carry their invoice's PDF, made as each one leaves (uploaded, else
      // generated in the member's language); a dunning level's, the reminder (issue 17).
      generateAttachment: async (spec) => {
        const pdf = await getInvoicePdf(database.db, spec.iid, 'auto', { reminder: spec.reminder });
        return { filename: pdf.fileName, contentType: 'application/pdf', content: pdf.content };
      },
    });
    stops.push(() => emailWorker.stop());
    const searchWorker = startSearchWorker({
      db: database.db,
      pool: database.pool,
      notifications,
      logger,
    });
    stops.push(() => searchWorker.stop());
    // Scheduled and background jobs (jobs/): the sweep, the clean-up, renewal and dunning runs.
    const jobRunner = await startJobRunner({
      db: database.db,
      connectionString: database.connectionString,
      config,
      logger,
      metrics,
    });
    stops.push(() => jobRunner.stop());
    const app = await buildApp({ database, config, logger, notifications, metrics, jobRunner });
    stops.push(() => app.close());
    const address = await app.listen({ port: config.port, host: config.host });
    const port = new URL(address).port;
    // The member portal: one process serves both faces, each on its own listener, so that each
    // has its own origin (and in production its own host name behind the proxy).
    const portalApp = await buildApp({
      database,
      config,
      logger,
      notifications,
      metrics,
      jobRunner,
      audience: 'portal',
    });
    stops.push(() => portalApp.close());
    const portalAddress = await portalApp.listen({ port: config.portalPort, host: config.host });
    const portalPort = new URL(portalAddress).port;
    if (config.metrics.port !== undefined) {
      const metricsListener = await startMetricsListener(metrics, {
        port: config.metrics.port,
        host: config.metrics.host,
        token: config.metrics.token,
        logger,
      });
      stops.push(() => metricsListener.close());
    }
    logger.info(
      { database: database.kind, readyMs: Math.round(performance.now() - startedAt) },
      'server ready',
    );
    let stopping: Promise<void> | undefined;
    return {
      app,
      portalApp,
      database,
      url: `http://localhost:${port}`,
      portalUrl: `http://localhost:${portalPort}`,
      stop: () => {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
