import { invoicePdfMaxBytes, invoicePdfUploadConcurrency } from '@ops/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@ops/ui/error-message';
import { matchInvoicePdfs } from '../api/match-invoice-pdfs';
import { sendInvoicePdf, type PdfRefusal } from '../api/upload-invoice-pdf';

/** Where one file is: matched by name, then sent, then attached or refused. */
export type PdfFileState =
  'checking' | 'ready' | 'uploading' | 'attached' | 'replaced' | 'refused' | 'failed';

export type { PdfRefusal } from '../api/upload-invoice-pdf';

export type PdfUploadItem = {
  key: number;
  file: File;
  state: PdfFileState;
  /** Bytes of the file sent so far. */
  sent: number;
  invoice: { iid: string; number: string } | null;
  hasPdf: boolean;
  /** Whether the upload sends this file (it matched an invoice and may be attached). */
  isQueued: boolean;
  refusal: PdfRefusal | null;
  reason: string | null;
};

export type PdfUploadPhase = 'choose' | 'checking' | 'review' | 'uploading' | 'done';

const matchChunk = 2_000;
/** Progress events arrive many times a second per file; the screen redraws at most this often. */
const redrawEveryMs = 100;

/**
 * The invoice PDFs upload: files are matched to invoices by name first (nothing is sent for a
 * name that matches none), then sent `invoicePdfUploadConcurrency` at a time, each with its own
 * progress. The items live in a ref and the screen redraws on a short timer, so a thousand files
 * reporting progress do not re-render a thousand times a second.
 */
export function usePdfUploadQueue() {
  const items = useRef<PdfUploadItem[]>([]);
  const nextKey = useRef(1);
  const [phase, setPhase] = useState<PdfUploadPhase>('choose');
  const [checkError, setCheckError] = useState<string | null>(null);
  // What the screen shows: a copy of the items, taken at each redraw.
  const [snapshot, setSnapshot] = useState<readonly PdfUploadItem[]>([]);
  const redrawTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const abort = useRef<AbortController | null>(null);

  const redraw = useCallback((now = false) => {
    if (now) {
      if (redrawTimer.current) clearTimeout(redrawTimer.current);
      redrawTimer.current = null;
      setSnapshot(items.current.map((item) => ({ ...item })));
      return;
    }
    if (redrawTimer.current) return;
    redrawTimer.current = setTimeout(() => {
      redrawTimer.current = null;
      setSnapshot(items.current.map((item) => ({ ...item })));
    }, redrawEveryMs);
  }, []);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (redrawTimer.current) clearTimeout(redrawTimer.current);
    },
    [],
  );

  const update = (item: PdfUploadItem, change: Partial<PdfUploadItem>) => {
    Object.assign(item, change);
  };

  /** Adds files and asks the server which invoice each name matches. */
  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const added: PdfUploadItem[] = files.map((file) => ({
        key: nextKey.current++,
        file,
        state: 'checking',
        sent: 0,
        invoice: null,
        hasPdf: false,
        isQueued: false,
        refusal: null,
        reason: null,
      }));
      items.current = [...items.current, ...added];
      setCheckError(null);
      setPhase('checking');
      redraw(true);
      for (const item of added) {
        if (item.file.size > invoicePdfMaxBytes) {
          update(item, {
            state: 'refused',
            refusal: 'too_large',
            reason: `${item.file.name}: the file is larger than 10 MB.`,
          });
        } else if (item.file.size === 0) {
          update(item, {
            state: 'refused',
            refusal: 'empty',
            reason: `${item.file.name}: the file is empty.`,
          });
        }
      }
      const toMatch = added.filter((item) => item.state === 'checking');
      try {
        for (let start = 0; start < toMatch.length; start += matchChunk) {
          const chunk = toMatch.slice(start, start + matchChunk);
          const { matches } = await matchInvoicePdfs(chunk.map((item) => item.file.name));
          chunk.forEach((item, index) => {
            const match = matches[index];
            if (!match) return;
            if (match.iid && match.number) {
              update(item, {
                state: 'ready',
                invoice: { iid: match.iid, number: match.number },
                hasPdf: match.hasPdf,
              });
            } else {
              update(item, { state: 'refused', refusal: match.rule, reason: match.reason });
            }
          });
        }
      } catch (error) {
        setCheckError(getErrorMessage(error));
        // The server will match them itself when they are sent.
        for (const item of toMatch) if (item.state === 'checking') update(item, { state: 'ready' });
      }
      setPhase('review');
      redraw(true);
    },
    [redraw],
  );

  /** Sends every matched file; a file for an invoice with a PDF only when `replace`. */
  const upload = useCallback(
    async (replace: boolean) => {
      const controller = new AbortController();
      abort.current = controller;
      const queue: PdfUploadItem[] = [];
      for (const item of items.current) {
        if (item.state !== 'ready') continue;
        if (item.hasPdf && !replace) {
          update(item, {
            state: 'refused',
            refusal: 'has_pdf',
            reason: `${item.file.name}: invoice ${item.invoice?.number ?? ''} already has a PDF; tick "Replace existing" to replace it.`,
          });
        } else {
          update(item, { isQueued: true });
          queue.push(item);
        }
      }
      setPhase('uploading');
      redraw(true);
      let next = 0;
      const worker = async () => {
        while (next < queue.length && !controller.signal.aborted) {
          const item = queue[next++] as PdfUploadItem;
          update(item, { state: 'uploading', sent: 0 });
          redraw();
          const outcome = await sendInvoicePdf(
            item.file,
            replace,
            (loaded) => {
              update(item, { sent: loaded });
              redraw();
            },
            controller.signal,
          );
          if (outcome.ok) {
            update(item, {
              state: outcome.result.outcome,
              sent: item.file.size,
              invoice: { iid: outcome.result.iid, number: outcome.result.number },
            });
          } else {
            update(item, {
              state: outcome.refusal === 'network' ? 'failed' : 'refused',
              refusal: outcome.refusal,
              reason: outcome.reason,
            });
          }
          redraw();
        }
      };
      await Promise.all(
        Array.from({ length: Math.min(invoicePdfUploadConcurrency, queue.length) }, worker),
      );
      abort.current = null;
      setPhase('done');
      redraw(true);
    },
    [redraw],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);

  const reset = useCallback(() => {
    abort.current?.abort();
    items.current = [];
    setCheckError(null);
    setPhase('choose');
    redraw(true);
  }, [redraw]);

  return { items: snapshot, phase, checkError, addFiles, upload, cancel, reset };
}
