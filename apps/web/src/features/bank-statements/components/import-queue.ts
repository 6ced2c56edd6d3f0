import type { BankImportOutcome } from '../api/import-bank-statement';
import type { TBankImportCounts, TBankImportReport } from '@ops/contract/bank-imports';

/** Where one file is: waiting its turn, being sent, imported, or refused (with the reason). */
export type BankImportFileState = 'waiting' | 'sending' | 'imported' | 'refused' | 'not-sent';

export type BankImportItem = {
  key: number;
  file: File;
  state: BankImportFileState;
  /** Bytes of the file sent so far. */
  sent: number;
  report: TBankImportReport | null;
  reason: string | null;
};

export type BankImportPhase = 'choose' | 'uploading' | 'done';

export type BankImportSnapshot = { items: readonly BankImportItem[]; phase: BankImportPhase };

export type SendBankFile = (
  file: File,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) => Promise<BankImportOutcome>;

/** A bank file by its name: camt.053 and camt.054 files are XML. */
export function isXmlFileName(name: string): boolean {
  return /\.xml$/i.test(name.trim());
}

/**
 * The import queue, apart from React: files are sent one after the other (the server books each
 * in one transaction, and a second file may repeat the first's entries, which must then count
 * as duplicates), each reporting its upload progress; a refused file keeps its reason and the
 * next one goes. Files dropped while others are sent join the end of the queue. Listeners hear
 * every change; the screen redraws from `snapshot()` (a new object after each change).
 */
export function createBankImportQueue(send: SendBankFile) {
  let items: BankImportItem[] = [];
  let phase: BankImportPhase = 'choose';
  let snapshot: BankImportSnapshot = { items, phase };
  let nextKey = 1;
  let controller: AbortController | null = null;
  const listeners = new Set<() => void>();

  const changed = () => {
    snapshot = { items: items.map((item) => ({ ...item })), phase };
    for (const listener of listeners) listener();
  };
  const update = (key: number, change: Partial<BankImportItem>) => {
    items = items.map((item) => (item.key === key ? { ...item, ...change } : item));
  };

  const run = async () => {
    controller = new AbortController();
    const { signal } = controller;
    phase = 'uploading';
    changed();
    for (;;) {
      const next = items.find((item) => item.state === 'waiting');
      if (!next) break;
      if (signal.aborted) {
        for (const item of items)
          if (item.state === 'waiting')
            update(item.key, { state: 'not-sent', reason: 'Not sent: the import was stopped.' });
        break;
      }
      update(next.key, { state: 'sending', sent: 0 });
      changed();
      const outcome = await send(
        next.file,
        (loaded) => {
          update(next.key, { sent: loaded });
          changed();
        },
        signal,
      );
      update(
        next.key,
        outcome.ok
          ? { state: 'imported', sent: next.file.size, report: outcome.report }
          : { state: 'refused', reason: outcome.reason },
      );
      changed();
    }
    controller = null;
    phase = 'done';
    changed();
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => snapshot,
    /** Adds files (a name not ending in .xml is refused at once) and sends them in turn. */
    add(files: readonly File[]): Promise<void> {
      const added = files.map((file): BankImportItem => ({
        key: nextKey++,
        file,
        state: isXmlFileName(file.name) ? 'waiting' : 'refused',
        sent: 0,
        report: null,
        reason: isXmlFileName(file.name)
          ? null
          : `${file.name}: not an XML file (camt.053 and camt.054 statements end in .xml).`,
      }));
      if (added.length === 0) return Promise.resolve();
      items = [...items, ...added];
      if (phase === 'uploading') {
        changed(); // the running loop takes them in turn
        return Promise.resolve();
      }
      return run();
    },
    /** Stops after the file being sent; the waiting ones are not sent. */
    cancel() {
      controller?.abort();
    },
    reset() {
      controller?.abort();
      items = [];
      phase = 'choose';
      changed();
    },
  };
}

export type BankImportQueue = ReturnType<typeof createBankImportQueue>;

export type BankImportProgress = {
  filesDone: number;
  filesTotal: number;
  bytesSent: number;
  bytesTotal: number;
  /** Entries of the files imported so far. */
  entries: number;
};

const finished: readonly BankImportFileState[] = ['imported', 'refused', 'not-sent'];

/** The progress bar's figures: files done of total, bytes, entries imported so far. */
export function importProgressOf(items: readonly BankImportItem[]): BankImportProgress {
  let filesDone = 0;
  let bytesSent = 0;
  let bytesTotal = 0;
  let entries = 0;
  for (const item of items) {
    const isFinished = finished.includes(item.state);
    if (isFinished) filesDone += 1;
    bytesTotal += item.file.size;
    bytesSent += isFinished ? item.file.size : item.sent;
    entries += item.report?.counts.entries ?? 0;
  }
  return { filesDone, filesTotal: items.length, bytesSent, bytesTotal, entries };
}

export type BankImportTotals = {
  files: number;
  refusedFiles: number;
  statements: number;
  counts: TBankImportCounts;
  /** Booked money per currency, minor units as exact strings. */
  bookedTotals: { currency: string; amountMinor: string }[];
};

const emptyCounts: TBankImportCounts = {
  entries: 0,
  credits: 0,
  debits: 0,
  paid: 0,
  partial: 0,
  overpaid: 0,
  suggested: 0,
  unmatched: 0,
  duplicates: 0,
};

/** The report's last line: every imported file's counts added up, money per currency. */
export function importTotalsOf(items: readonly BankImportItem[]): BankImportTotals {
  const counts = { ...emptyCounts };
  const booked = new Map<string, bigint>();
  let statements = 0;
  let files = 0;
  let refusedFiles = 0;
  for (const item of items) {
    if (item.state === 'refused') refusedFiles += 1;
    const report = item.report;
    if (!report) continue;
    files += 1;
    statements += report.statements.length;
    for (const name of Object.keys(counts) as (keyof TBankImportCounts)[])
      counts[name] += report.counts[name] ?? 0;
    for (const total of report.bookedTotals)
      booked.set(total.currency, (booked.get(total.currency) ?? 0n) + BigInt(total.amountMinor));
  }
  return {
    files,
    refusedFiles,
    statements,
    counts,
    bookedTotals: [...booked.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amountMinor]) => ({ currency, amountMinor: amountMinor.toString() })),
  };
}
