import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expireCertificates, expirySweepMs } from './expire';

/** Issued certificates past their valid-to date become expired: at start, then hourly. */
export const certificateExpirySweep: FastifyPluginAsyncZod = async (app) => {
  let sweep: NodeJS.Timeout | undefined;
  const runSweep = () => {
    expireCertificates(app.deps.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'certificate expiry sweep failed'),
    );
  };
  app.addHook('onReady', async () => {
    runSweep();
    sweep = setInterval(runSweep, expirySweepMs);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
  });
};
