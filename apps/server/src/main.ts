import { ConfigError, loadConfig } from './config';
import { limitHeapGrowth } from './lib/heap-growth';
import { createLogger } from './logger';
import { bannerSignIn, readyBanner, type BannerSignIn } from './ready-banner';
import { startServer, type RunningServer } from './server';

async function main(): Promise<void> {
  // Before any work: the server's memory stays within its budget (see lib/heap-growth.ts).
  limitHeapGrowth();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel, config.logFormat);

  let server: RunningServer | undefined;
  let isStopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (isStopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    isStopping = true;
    // A job still running when the grace period ends is handed back to the queue (another
    // instance or the next start runs it again), but its code cannot be cancelled: it fails
    // on the closed pools. That failure is expected now, and must not crash the shutdown.
    process.on('unhandledRejection', (error) => {
      logger.warn({ err: error }, 'work abandoned at shutdown failed (its job was handed back)');
    });
    logger.info({ signal }, 'shutting down: finishing requests, then stopping PostgreSQL');
    const stopped = server ? server.stop() : Promise.resolve();
    stopped.then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    server = await startServer(config, logger);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    logger.fatal({ err: error }, 'server failed to start');
    process.exit(1);
  }
  if (isStopping) return;
  let signIn: BannerSignIn = null;
  try {
    signIn = await bannerSignIn(server.database.db, config, process.stdout.isTTY === true);
  } catch (error) {
    // The server runs; only the banner's link is missing, and `sign-in-link` makes one.
    logger.warn({ err: error }, 'no sign-in link for the ready banner');
  }
  // Standard output, once, never the logger: the link is a key to the demo admin's account.
  process.stdout.write(`\n${readyBanner(config, signIn)}\n\n`);
}

void main();
