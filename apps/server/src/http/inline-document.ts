import type { FastifyReply } from 'fastify';

// How a stored document (an applicant's upload, an invoice or certificate PDF) is served inline
// on the console's own origin: one policy for every area that serves one.

/**
 * An uploaded document is the applicant's, shown on the console's own origin: whatever its bytes
 * hold, the browser treats it as a sandboxed document of an opaque origin (no script, no form,
 * no popup, no plugin of its own, nothing loaded), even when opened directly in a tab. Chromium's
 * PDF viewer still shows a PDF under this policy (checked by e2e/applications.spec.ts); only the
 * console itself may frame it.
 */
export const documentContentSecurityPolicy =
  "sandbox; default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * The HTML of an e-mail comes from templates fed with member data: it is shown only inside
 * `<iframe sandbox>` and served with a CSP that makes it a sandboxed, script-free document of
 * an opaque origin even when opened directly. What a mail client shows of it is shown: its
 * inline styles and `<style>`, and images as data: URLs (no tracking pixels, nothing loaded).
 * The e-mail log serves sent e-mails under it, and the template editor's preview its drafts
 * (issue 32), so the preview looks as the e-mail will.
 */
export const emailHtmlContentSecurityPolicy =
  "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** `inline; filename="…"; filename*=UTF-8''…` (an ASCII fallback and the exact name). */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The headers of a stored file served as it is (an applicant's upload, a change request's
 * document): its type, its name inline or as a download, the sandbox policy above, no sniffing,
 * and how long a browser may keep it. Every route that serves such a file answers with these
 * headers alike; the caller sends the bytes (after an etag of its own, if any).
 */
export function storedDocumentReply(
  reply: FastifyReply,
  file: { contentType: string; fileName: string },
  options: { download?: boolean; cacheControl: string },
): FastifyReply {
  const inline = inlineDisposition(file.fileName);
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      options.download ? inline.replace(/^inline/, 'attachment') : inline,
    )
    .header('content-security-policy', documentContentSecurityPolicy)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl);
}
