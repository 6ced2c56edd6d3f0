import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { focusRing } from '@ops/ui/button';

/**
 * Drop files on the zone, or choose them: either way `onFiles` receives them (the first one only
 * when the zone takes one file). The CSV uploads, the bank statements import and the invoice
 * PDFs upload share it.
 */
export function FileDropZone({
  onFiles,
  isBusy = false,
  isMultiple,
  accept,
  prompt,
  chooseLabel,
  help,
  testId,
}: {
  onFiles: (files: File[]) => void;
  /** While the files given are handled: the zone takes no more. */
  isBusy?: boolean;
  isMultiple: boolean;
  /** The file input's `accept`. */
  accept: string;
  /** The line above the button ("Drop … here, or"). */
  prompt: ReactNode;
  chooseLabel: string;
  /** What the files must be, under the button. */
  help: ReactNode;
  testId?: string;
}) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const take = (files: File[]) => {
    const taken = isMultiple ? files : files.slice(0, 1);
    if (taken.length) onFiles(taken);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    if (!isBusy) take([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-testid={testId}
      className={[
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center',
        isOver ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-slate-50',
      ].join(' ')}
    >
      <p className="text-sm text-slate-700">{prompt}</p>
      <label
        htmlFor={inputId}
        className={[
          'cursor-pointer rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600',
          isBusy ? 'pointer-events-none opacity-70' : '',
        ].join(' ')}
      >
        {chooseLabel}
        <input
          id={inputId}
          type="file"
          multiple={isMultiple}
          accept={accept}
          className={`sr-only ${focusRing}`}
          disabled={isBusy}
          onChange={(event) => {
            take([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </label>
      <div className="max-w-prose text-xs text-slate-600">{help}</div>
    </div>
  );
}
