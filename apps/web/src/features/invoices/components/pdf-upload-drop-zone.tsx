import { useId, useState, type DragEvent } from 'react';
import { focusRing } from '@ops/ui/button';

/** Drop many PDF files on the zone, or choose them: either way `onFiles` receives them. */
export function PdfUploadDropZone({
  onFiles,
  isBusy,
}: {
  onFiles: (files: File[]) => void;
  isBusy: boolean;
}) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length && !isBusy) onFiles(files);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-testid="pdf-drop-zone"
      className={[
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center',
        isOver ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-slate-50',
      ].join(' ')}
    >
      <p className="text-sm text-slate-700">
        {isBusy ? 'Checking the file names…' : 'Drop PDF files here, as many as you like, or'}
      </p>
      <label
        htmlFor={inputId}
        className={[
          'cursor-pointer rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600',
          isBusy ? 'pointer-events-none opacity-70' : '',
        ].join(' ')}
      >
        Choose PDF files
        <input
          id={inputId}
          type="file"
          multiple
          accept="application/pdf,.pdf"
          className={`sr-only ${focusRing}`}
          disabled={isBusy}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length) onFiles(files);
            event.target.value = '';
          }}
        />
      </label>
      <p className="max-w-prose text-xs text-slate-600">
        Each file is attached to the invoice whose number its name contains, like{' '}
        <code>2026-000123.pdf</code> or <code>Invoice 2026-000123 ACME.pdf</code> (year, hyphen, six
        digits), or whose number the whole name is. A name with no number or with two different
        numbers is refused. Only real PDF files of at most 10 MB are accepted (judged by their
        content).
      </p>
    </div>
  );
}
