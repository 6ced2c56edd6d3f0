import type { TBankImportReport } from '@ops/contract/bank-imports';

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
 * Sends one bank file as the request body through XMLHttpRequest, whose upload progress events
 * fetch does not offer. Never rejects: a refusal or a dropped connection is an outcome, so the
 * next file still goes.
 */
export function sendBankStatementFile(
  file: File,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<BankImportOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', bankImportUrl(file.name));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', 'application/xml');
    xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, file.size));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200) {
        resolve({ ok: true, report: body as TBankImportReport });
        return;
      }
      const error = (body as { error?: { message?: string; issues?: { rule?: string }[] } })?.error;
      resolve({
        ok: false,
        reason:
          xhr.status === 413
            ? `${file.name}: the file is larger than the server accepts.`
            : (error?.message ?? `The server answered ${xhr.status} ${xhr.statusText}`.trim()),
        rule: error?.issues?.[0]?.rule ?? null,
        isNetwork: false,
      });
    };
    xhr.onerror = () =>
      resolve({
        ok: false,
        reason: 'The connection to the server failed.',
        rule: null,
        isNetwork: true,
      });
    xhr.onabort = () => resolve({ ok: false, reason: 'Cancelled.', rule: null, isNetwork: true });
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
