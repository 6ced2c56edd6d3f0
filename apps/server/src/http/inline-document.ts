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

/** `inline; filename="…"; filename*=UTF-8''…` (an ASCII fallback and the exact name). */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
