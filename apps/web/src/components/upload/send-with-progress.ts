/** How an upload ended: the server's answer (its body parsed as JSON when it is), or no answer. */
export type UploadAnswer =
  | { kind: 'answered'; status: number; statusText: string; body: unknown }
  | { kind: 'network' }
  | { kind: 'cancelled' };

/** The `{ error: { message, issues } }` of a refusal, as far as an upload screen reads it. */
export type UploadRefusal = { message?: string; issues?: { rule?: string }[] } | undefined;

/** The error part of a refused upload's body (undefined when the body is not one). */
export function refusalOf(body: unknown): UploadRefusal {
  return (body as { error?: UploadRefusal } | undefined)?.error;
}

/** "The server answered 502 Bad Gateway": a refusal that says nothing itself. */
export function describeStatus(answer: { status: number; statusText: string }): string {
  return `The server answered ${answer.status} ${answer.statusText}`.trim();
}

/**
 * Sends one file's request through XMLHttpRequest, whose upload progress events fetch does not
 * offer. Never rejects: a dropped connection or a cancel is an answer too, so a queue of files
 * goes on with the next.
 */
export function sendWithProgress({
  url,
  body,
  contentType,
  size,
  onProgress,
  signal,
}: {
  url: string;
  body: XMLHttpRequestBodyInit;
  /** The request's type; left to the browser for a FormData (its multipart boundary). */
  contentType?: string;
  /** The file's size: progress never reports more (the request's envelope is larger). */
  size: number;
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, size));
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = undefined;
      }
      resolve({ kind: 'answered', status: xhr.status, statusText: xhr.statusText, body: parsed });
    };
    xhr.onerror = () => resolve({ kind: 'network' });
    xhr.onabort = () => resolve({ kind: 'cancelled' });
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
