import { ZCertificateParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentContentSecurityPolicy } from '../../http/inline-document';
import { getCertificatePdf } from '../pdf';

/** GET /api/certificates/:cid/pdf: the certificate's PDF, inline or as a download. */
export const certificatePdfRoute: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.deps.config.publicUrl;

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
};
