import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { focusRing } from '@ops/ui/button';

/** Drop a file on the zone, or choose one: either way `onFile` receives it. */
export function UploadFilePicker({
  onFile,
  isBusy,
  help,
}: {
  onFile: (file: File) => void;
  isBusy: boolean;
  help: ReactNode;
}) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !isBusy) onFile(file);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      className={[
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center',
        isOver ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-slate-50',
      ].join(' ')}
    >
      <p className="text-sm text-slate-700">{isBusy ? 'Uploading…' : 'Drop a CSV file here, or'}</p>
      <label
        htmlFor={inputId}
        className={[
          'cursor-pointer rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600',
          isBusy ? 'pointer-events-none opacity-70' : '',
        ].join(' ')}
      >
        Choose a CSV file
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,text/csv"
          className={`sr-only ${focusRing}`}
          disabled={isBusy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = '';
          }}
        />
      </label>
      <div className="max-w-prose text-xs text-slate-600">{help}</div>
    </div>
  );
}
