import type { FastifyReply } from 'fastify';
import { inlineDisposition } from '../http/inline-document';

/**
 * Starts the reply of a PDF route: the type, the file name, shown inline unless `?download=1`
 * asks to save it, and no sniffing. The route adds its caching and policy headers and sends it.
 */
export function pdfReply(
  reply: FastifyReply,
  fileName: string,
  download: '0' | '1' | undefined,
): FastifyReply {
  const disposition = inlineDisposition(fileName);
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      download === '1' ? disposition.replace(/^inline/, 'attachment') : disposition,
    )
    .header('x-content-type-options', 'nosniff');
}
