import type { ReactNode } from 'react';
import { formatFileSize, ProgressMeter } from './progress-meter';

/** What the list reads of a queued file, whatever the screen sends it to. */
export type ListedFile = { key: number; state: string; file: File; sent: number };

/**
 * The files of a many-file upload: each one's name and size, where it is (`describe`: its state,
 * and what it matched), and while it is sent (`isSending`) its own progress bar. A list rather
 * than a table: it fits the narrow detail pane.
 */
export function UploadFileList<Item extends ListedFile>({
  items,
  describe,
  isSending,
  isScrollable = false,
}: {
  items: readonly Item[];
  describe: (item: Item) => ReactNode;
  isSending: (item: Item) => boolean;
  /** A long list scrolls inside its own box (and takes the focus to be scrolled by keyboard). */
  isScrollable?: boolean;
}) {
  return (
    <section
      aria-label="Files"
      className={`${isScrollable ? 'max-h-[32rem] overflow-auto ' : ''}rounded-lg border border-slate-200`}
      tabIndex={isScrollable ? 0 : undefined}
    >
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.key} data-state={item.state} className="flex flex-col gap-1 px-3 py-2">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium text-slate-900" title={item.file.name}>
                {item.file.name}
              </span>
              <span className="shrink-0 tabular-nums text-xs text-slate-500">
                {formatFileSize(item.file.size)}
              </span>
            </div>
            <div className="flex flex-wrap gap-x-2 text-xs">{describe(item)}</div>
            {isSending(item) ? (
              <ProgressMeter
                fraction={item.file.size ? item.sent / item.file.size : 0}
                label={`Upload of ${item.file.name}`}
                size="small"
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "37 %": how much of a file is sent. */
export function sentPercent(item: ListedFile): number {
  return item.file.size ? Math.round((item.sent / item.file.size) * 100) : 0;
}
