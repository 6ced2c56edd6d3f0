import type { TBankImportReport } from '@ops/contract/bank-imports';
import { describeStatus, refusalOf, sendWithProgress } from '@/components/upload';

export type BankImportOutcome =
  | { ok: true; report: TBankImportReport }
  | {
      ok: false;
      /** The server's reason (a 400 names the file's problem), or the connection's. */
      reason: string;
      /** The rule of the first issue (`not-xml`, `doctype`, `exists` for a foreign account…). */
      rule: string | null;
      isNetwork: boolean;
    };

/** The bank file as the import route takes it: the raw XML, its name in the query. */
export function bankImportUrl(fileName: string): string {
  return `/api/bank-statements/imports?fileName=${encodeURIComponent(fileName)}`;
}

/**
 * Sends one bank file as the request body, with its upload progress. Never rejects: a refusal or
 * a dropped connection is an outcome, so the next file still goes.
 */
export async function sendBankStatementFile(
  file: File,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<BankImportOutcome> {
  const answer = await sendWithProgress({
    url: bankImportUrl(file.name),
    body: file,
    contentType: 'application/xml',
    size: file.size,
    onProgress,
    signal,
  });
  if (answer.kind === 'network') {
    return {
      ok: false,
      reason: 'The connection to the server failed.',
      rule: null,
      isNetwork: true,
    };
  }
  if (answer.kind === 'cancelled') {
    return { ok: false, reason: 'Cancelled.', rule: null, isNetwork: true };
  }
  if (answer.status === 200) return { ok: true, report: answer.body as TBankImportReport };
  const error = refusalOf(answer.body);
  return {
    ok: false,
    reason:
      answer.status === 413
        ? `${file.name}: the file is larger than the server accepts.`
        : (error?.message ?? describeStatus(answer)),
    rule: error?.issues?.[0]?.rule ?? null,
    isNetwork: false,
  };
}
