import {
  certificatesList as certificatesListColumns,
  listExportColumns,
  ZCertificateDetail,
  ZCertificateParams,
  ZCertificatesListPage,
  ZCertificatesListQuery,
  ZIssueCertificateRequest,
  ZRevokeCertificateRequest,
} from '@ops/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { documentContentSecurityPolicy } from '../applications/documents';
import { operatorActor } from '../http/actor';
import { sendListExport } from '../lists/run-list';
import { getCertificate } from './detail';
import { expireCertificates, expirySweepMs } from './expire';
import { issueMembershipCertificate } from './issue';
import { certificatesList, listCertificates } from './list';
import { getCertificatePdf } from './pdf';
import { revokeCertificate } from './revoke';
import {
  renderTooManyChecks,
  renderVerificationForm,
  renderVerificationPage,
  verifyCertificate,
} from './verify';

/** The export's columns, as a person reads them in a spreadsheet (the contract's headers). */
const exportColumns = listExportColumns(certificatesListColumns);

/** Checks per address and minute on the public verification page (in memory, per instance). */
export const verifyRateLimit = { points: 60, durationSeconds: 60 };

/** The public page's headers: nothing to frame it, no script, no referrer, never cached. */
function sendPublicPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(html);
}

/** Certificates: list, export, detail, PDF, issue and revoke; and the public verification page. */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.deps.config.publicUrl;

  // Issued certificates past their valid-to date become expired: at start, then hourly.
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

  app.get(
    '/api/certificates',
    {
      schema: {
        tags: ['certificates'],
        summary:
          'The certificates list: filters (status, type, year, member), q (number, verification code or member name), sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
        querystring: ZCertificatesListQuery,
        response: { 200: ZCertificatesListPage },
      },
    },
    async (request) => listCertificates(app.deps.db, request.query),
  );

  app.get(
    '/api/certificates/export',
    {
      schema: {
        tags: ['certificates'],
        summary: 'CSV of every certificate the same filters, q and sort select, streamed',
        querystring: ZCertificatesListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        db: app.deps.db,
        list: certificatesList,
        query: request.query,
        columns: exportColumns,
        filename: 'certificates',
      }),
  );

  app.get(
    '/api/certificates/:cid',
    {
      schema: {
        tags: ['certificates'],
        summary: 'One certificate: member, validity, status, invoice, who issued it, verification',
        params: ZCertificateParams,
        response: { 200: ZCertificateDetail },
      },
    },
    async (request) => getCertificate(app.deps.db, request.params.cid, publicUrl),
  );

  app.get(
    '/api/certificates/:cid/pdf',
    {
      schema: {
        tags: ['certificates'],
        summary:
          'The certificate as a PDF (inline; ?download=1 as an attachment): the bytes stored at issue, or rendered from the record',
        params: ZCertificateParams,
        querystring: z.object({
          download: z.enum(['0', '1']).optional().describe('1: save instead of showing'),
        }),
      },
    },
    async (request, reply) => {
      const { number, content } = await getCertificatePdf(
        app.deps.db,
        request.params.cid,
        publicUrl,
      );
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `${disposition}; filename="certificate-${number}.pdf"`)
          // Rendered by us, but carrying members' text: a sandboxed document all the same.
          .header('content-security-policy', documentContentSecurityPolicy)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache')
          .send(content)
      );
    },
  );

  app.post(
    '/api/certificates',
    {
      config: { permission: 'certificates.manage' },
      schema: {
        tags: ['certificates'],
        summary:
          'Issue the membership certificate of a member for a paid year (rule 2); supersedes the issued one of that year',
        body: ZIssueCertificateRequest,
        response: { 201: ZCertificateDetail },
      },
    },
    async (request, reply) => {
      const cid = await issueMembershipCertificate(
        app.deps.db,
        operatorActor(request),
        request.body,
        { publicUrl, mailFrom: app.deps.config.mailFrom },
      );
      return reply.status(201).send(await getCertificate(app.deps.db, cid, publicUrl));
    },
  );

  app.post(
    '/api/certificates/:cid/revoke',
    {
      config: { permission: 'certificates.manage' },
      schema: {
        tags: ['certificates'],
        summary: 'Revoke an issued certificate with a reason (version checked)',
        params: ZCertificateParams,
        body: ZRevokeCertificateRequest,
        response: { 200: ZCertificateDetail },
      },
    },
    async (request) => {
      await revokeCertificate(
        app.deps.db,
        operatorActor(request),
        request.params.cid,
        request.body,
      );
      return getCertificate(app.deps.db, request.params.cid, publicUrl);
    },
  );

  // The public verification page: no sign-in, one indexed read, limited per address.
  const limiter = new RateLimiterMemory({
    points: verifyRateLimit.points,
    duration: verifyRateLimit.durationSeconds,
  });
  const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    try {
      await limiter.consume(request.ip);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      reply.header('retry-after', String(seconds));
      await sendPublicPage(reply, 429, renderTooManyChecks(seconds));
      return false;
    }
  };

  app.get(
    '/verify',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: z.object({ code: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const code = request.query.code?.trim();
      if (code) return reply.redirect(`/verify/${encodeURIComponent(code.toUpperCase())}`, 303);
      return sendPublicPage(reply, 200, renderVerificationForm());
    },
  );

  app.get(
    '/verify/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['certificates'],
        summary:
          'Public page: whether the certificate of this verification code is valid, for whom and until when (HTML, no sign-in)',
        params: z.object({ code: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      if (!(await admit(request, reply))) return reply;
      const verification = await verifyCertificate(app.deps.db, request.params.code);
      return sendPublicPage(
        reply,
        verification.state === 'not-found' ? 404 : 200,
        renderVerificationPage(verification),
      );
    },
  );
};
