import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { signInHelp, startServer, type RunningServer } from './server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel);

  let server: RunningServer | undefined;
  let isStopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (isStopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    isStopping = true;
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
  process.stdout.write(`\n${signInHelp(config.publicUrl)}\n\n`);
}

void main();
