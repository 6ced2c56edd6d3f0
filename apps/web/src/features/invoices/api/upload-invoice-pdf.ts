import type { TInvoicePdfRefusalRule, TInvoicePdfUploadResult } from '@ops/contract';
import { describeStatus, refusalOf, sendWithProgress } from '@/components/upload';

/** Why a file was not attached: a rule of the server, or the connection. */
export type PdfRefusal = TInvoicePdfRefusalRule | 'network' | 'other';

export type SendOutcome =
  | { ok: true; result: TInvoicePdfUploadResult }
  | { ok: false; refusal: PdfRefusal; reason: string };

/** Sends one file as its own multipart request, with its upload progress. Never rejects. */
export async function sendInvoicePdf(
  file: File,
  replace: boolean,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<SendOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await sendWithProgress({
    url: `/api/invoices/pdfs${replace ? '?replace=1' : ''}`,
    body: form,
    size: file.size,
    onProgress,
    signal,
  });
  if (answer.kind === 'network') {
    return { ok: false, refusal: 'network', reason: 'The connection to the server failed.' };
  }
  if (answer.kind === 'cancelled') return { ok: false, refusal: 'network', reason: 'Cancelled.' };
  if (answer.status === 201) return { ok: true, result: answer.body as TInvoicePdfUploadResult };
  const error = refusalOf(answer.body);
  const rule = error?.issues?.[0]?.rule;
  return {
    ok: false,
    refusal:
      answer.status === 413
        ? 'too_large'
        : rule && rule !== 'required'
          ? (rule as TInvoicePdfRefusalRule)
          : 'other',
    reason: error?.message ?? describeStatus(answer),
  };
}
