import fastifyMultipart from '@fastify/multipart';
import {
  invoicePdfMaxBytes,
  ZInvoicePdfMatchRequest,
  ZInvoicePdfMatchResult,
  ZInvoicePdfParams,
  ZInvoicePdfQuery,
  ZInvoicePdfUploadQuery,
  ZInvoicePdfUploadResult,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentContentSecurityPolicy } from '../http/inline-document';
import { pdfReply } from '../lib/pdf-reply';
import { AppError } from '../errors';
import { operatorActor } from '../http/actor';
import { attachInvoicePdf, getInvoicePdf, matchInvoicePdfNames } from './pdf-upload';
import { apiRoutes } from '../http/api-route';

/** Multipart framing around one file: headers, boundaries (far less than this). */
const multipartOverheadBytes = 64 * 1024;

/** Invoice PDFs: serving the uploaded or generated PDF, and the upload of many PDFs. */
export const invoicePdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  // Scoped to this plugin: only these routes parse multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: invoicePdfMaxBytes, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/api/invoices/:iid/pdf',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'The invoice as a PDF (inline; ?download=1 as an attachment): the uploaded PDF when it has one, else generated from the invoice (?source=generated forces that)',
        params: ZInvoicePdfParams,
        querystring: ZInvoicePdfQuery,
      },
    },
    async (request, reply) => {
      const pdf = await getInvoicePdf(
        app.deps.db,
        request.params.iid,
        request.query.source ?? 'auto',
      );
      pdfReply(reply, pdf.fileName, request.query.download)
        // An uploaded PDF came from outside: shown as a sandboxed document, like applicants' files.
        .header('content-security-policy', documentContentSecurityPolicy)
        .header('x-invoice-pdf-source', pdf.source)
        .header('cache-control', 'private, no-cache');
      if (pdf.etag) reply.header('etag', `"${pdf.etag}"`);
      return reply.send(pdf.content);
    },
  );

  route({
    method: 'POST',
    url: '/api/invoices/pdfs/match',
    permission: 'invoices.edit',
    summary:
      'Which invoice each file name matches (by the invoice number in the name), before the files are sent',
    body: ZInvoicePdfMatchRequest,
    response: ZInvoicePdfMatchResult,
    handler: async (request) => ({
      matches: await matchInvoicePdfNames(app.deps.db, request.body.fileNames),
    }),
  });

  app.post(
    '/api/invoices/pdfs',
    {
      config: { permission: 'invoices.edit' },
      bodyLimit: invoicePdfMaxBytes + multipartOverheadBytes,
      schema: {
        tags: ['invoices'],
        summary:
          'Upload one PDF (multipart/form-data, field "file") and attach it to the invoice whose number its name contains; ?replace=1 replaces a PDF the invoice already has. Refusals are 400s naming the rule (no_invoice_number, ambiguous_invoice_number, unknown_invoice, not_pdf, empty, has_pdf) or 413 above 10 MB',
        querystring: ZInvoicePdfUploadQuery,
        response: { 201: ZInvoicePdfUploadResult },
      },
    },
    async (request, reply) => {
      let bytes: Buffer;
      let fileName: string | undefined;
      try {
        const part = await request.file();
        if (!part) throw new AppError('invalid-argument', 'missing');
        fileName = part.filename;
        bytes = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new AppError(
            'payload-too-large',
            `${fileName ?? 'The file'}: the file is larger than 10 MB.`,
          );
        }
        const message = 'Send one PDF as multipart/form-data, in the field "file".';
        throw new AppError('invalid-argument', message, {
          issues: [{ path: 'body.file', rule: 'required', message }],
        });
      }
      const result = await attachInvoicePdf(app.deps.db, operatorActor(request), {
        fileName,
        bytes,
        replace: request.query.replace === '1',
      });
      return reply.status(201).send(result);
    },
  );
};
