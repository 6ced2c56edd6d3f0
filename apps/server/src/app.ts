import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { constants } from '@ops/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { areas } from './areas';
import { portalAreas } from './portal-areas';
import { createThrottle, type Throttle } from './auth';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { Notifications } from './db/notifications';
import type { Database } from './db/schema';
import { accessControl } from './http/access';
import { consoleFace, portalFace, type Face } from './http/face';
import { frameworkErrorAnswer, registerErrorHandling } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { registerOriginCheck } from './http/origin-check';
import { RequestLogController } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { serializeRequest, type Logger } from './logger';
import type { JobRunnerStatus } from './jobs';
import {
  createMetrics,
  instrumentPool,
  isMetricsEndpointOn,
  observeHttpRequests,
  type Metrics,
} from './metrics';

/** What route handlers reach through `app.deps`. */
export type AppDeps = {
  db: Kysely<Database>;
  /** The same connections as `db`, for statements prepared by name (search). */
  pool: pg.Pool;
  config: Config;
  /** PostgreSQL notifications (LISTEN) shared by every stream of this instance. */
  notifications: Notifications;
  throttle: Throttle;
  /** This instance's Prometheus metrics (`metrics/`). */
  metrics: Metrics;
  /** This instance's job runner, for readiness; absent where the app runs no jobs (tests). */
  jobRunner: JobRunnerStatus | undefined;
  /** The face this app serves: the console, or the member portal (`http/face.ts`). */
  face: Face;
};

declare module 'fastify' {
  // Fastify's own extension point is an interface; declaration merging needs one here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** The built browser app, next to this file whether it runs from src/ (tsx) or dist/ (bundle). */
export const defaultWebDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** The built member portal (apps/portal), found the same way. */
export const defaultPortalDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../portal/dist',
);

/** What differs between the two faces' apps; everything else is built the same. */
const faces = {
  console: {
    face: consoleFace,
    areas,
    dist: defaultWebDist,
    title: 'Operations API',
    description:
      'The back-office API of the federation console. Errors share one shape (ApiError).',
  },
  portal: {
    face: portalFace,
    areas: portalAreas,
    dist: defaultPortalDist,
    title: 'Operations member portal API',
    description:
      "The API of the federation's member portal: applicants, members and national associations. Errors share the console's shape (ApiError).",
  },
} as const;

export type BuildAppOptions = {
  database: DatabaseHandle;
  config: Config;
  notifications: Notifications;
  logger: Logger;
  webDist?: string;
  /** The server's metrics (its pools and job runner already report to them); new otherwise. */
  metrics?: Metrics;
  jobRunner?: JobRunnerStatus;
  /** Which face to build: the console (the default) or the member portal (issue 34). */
  audience?: Face['audience'];
};

/** The metrics of an app built without the server's (tests): its own, over its own pool. */
function appMetrics(options: BuildAppOptions): Metrics {
  const metrics = createMetrics({
    db: options.database.db,
    logger: options.logger,
    processMetrics: isMetricsEndpointOn(options.config),
  });
  instrumentPool(metrics.pools, options.database.pool, 'main');
  return metrics;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const kind = faces[options.audience ?? 'console'];
  const face = kind.face(options.config);
  const app = Fastify({
    // Whatever logger the app is given, requests are logged through our serializer: a URL's
    // query string may carry a sign-in code, and Fastify logs every request's URL.
    loggerInstance: options.logger.child(
      {},
      { serializers: { req: serializeRequest } },
    ) as FastifyBaseLogger,
    // One line per request instead of Fastify's two, at info only when it failed or was slow.
    logController: new RequestLogController(),
    bodyLimit: constants.maxBodyBytes,
    // Only the proxies TRUST_PROXY names may tell us the client's address (X-Forwarded-For);
    // otherwise anyone could pick a new address per request and pass every per-address limit.
    trustProxy: options.config.trustProxy,
    frameworkErrors: (error, _request, reply) => {
      const answer = frameworkErrorAnswer(error);
      // The reply's generic parameters are unknowable here; it is a plain reply.
      void (reply as unknown as FastifyReply)
        .code(answer.status)
        .headers(answer.headers)
        .send(answer.body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    db: options.database.db,
    pool: options.database.pool,
    config: options.config,
    notifications: options.notifications,
    throttle: createThrottle(options.database.pool),
    metrics: options.metrics ?? appMetrics(options),
    jobRunner: options.jobRunner,
    face,
  });
  registerErrorHandling(app);
  observeHttpRequests(app, app.deps.metrics.http);
  // First of the request hooks, so that refusals (401, 403) carry the headers too.
  await registerSecurityHeaders(app, face.url);
  registerOriginCheck(app, face.url);
  registerInputGuard(app);
  await app.register(accessControl);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: kind.title, description: kind.description, version: '1.0.0' },
      servers: [{ url: face.url }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // The face's areas (areas.ts, portal-areas.ts), each a plugin of its route files; the app's
  // files come last.
  for (const area of kind.areas) await app.register(area);
  await registerSpa(app, options.webDist ?? kind.dist);
  return app;
}
