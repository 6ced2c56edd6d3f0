import type { TInvoicePdfRefusalRule, TInvoicePdfUploadResult } from '@ops/contract';

/** Why a file was not attached: a rule of the server, or the connection. */
export type PdfRefusal = TInvoicePdfRefusalRule | 'network' | 'other';

export type SendOutcome =
  | { ok: true; result: TInvoicePdfUploadResult }
  | { ok: false; refusal: PdfRefusal; reason: string };

/**
 * Sends one file as its own multipart request through XMLHttpRequest, whose upload progress
 * events fetch does not offer.
 */
export function sendInvoicePdf(
  file: File,
  replace: boolean,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/invoices/pdfs${replace ? '?replace=1' : ''}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, file.size));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201) {
        resolve({ ok: true, result: body as TInvoicePdfUploadResult });
        return;
      }
      const error = (body as { error?: { message?: string; issues?: { rule?: string }[] } })?.error;
      const rule = error?.issues?.[0]?.rule;
      resolve({
        ok: false,
        refusal:
          xhr.status === 413
            ? 'too_large'
            : rule && rule !== 'required'
              ? (rule as TInvoicePdfRefusalRule)
              : 'other',
        reason: error?.message ?? `The server answered ${xhr.status} ${xhr.statusText}`.trim(),
      });
    };
    xhr.onerror = () =>
      resolve({ ok: false, refusal: 'network', reason: 'The connection to the server failed.' });
    xhr.onabort = () => resolve({ ok: false, refusal: 'network', reason: 'Cancelled.' });
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
