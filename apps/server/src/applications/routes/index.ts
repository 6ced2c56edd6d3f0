import fastifyMultipart from '@fastify/multipart';
import { maxApplicationDocumentBytes } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteApplicationDocumentRoute } from './delete-document';
import { applicationDetailRoute } from './detail';
import { exportApplicationsRoute } from './export';
import { firstInvoicePlanRoute } from './first-invoice';
import { getApplicationDocumentRoute } from './get-document';
import { listApplicationsRoute } from './list';
import { runApplicationActionRoute } from './run-action';
import { uploadApplicationDocumentRoute } from './upload-document';

/**
 * Applications: list, export, detail, the review workflow's steps and the documents; one file
 * per operation, registered in this order (the order of the OpenAPI document).
 */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only these routes parse multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxApplicationDocumentBytes, files: 1, fields: 0, parts: 2 },
  });

  await app.register(listApplicationsRoute);
  await app.register(exportApplicationsRoute);
  await app.register(applicationDetailRoute);
  await app.register(firstInvoicePlanRoute);
  await app.register(runApplicationActionRoute);
  await app.register(uploadApplicationDocumentRoute);
  await app.register(getApplicationDocumentRoute);
  await app.register(deleteApplicationDocumentRoute);
};
