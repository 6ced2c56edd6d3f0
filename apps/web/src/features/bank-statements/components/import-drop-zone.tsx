import { useId, useState, type DragEvent } from 'react';
import { focusRing } from '@ops/ui/button';

/** Drop one or more bank files on the zone, or choose them: either way `onFiles` gets them. */
export function ImportDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-testid="bank-drop-zone"
      className={[
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center',
        isOver ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-slate-50',
      ].join(' ')}
    >
      <p className="text-sm text-slate-700">Drop bank statement files here, one or many, or</p>
      <label
        htmlFor={inputId}
        className="cursor-pointer rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600"
      >
        Choose statement files
        <input
          id={inputId}
          type="file"
          multiple
          accept=".xml,application/xml,text/xml"
          className={`sr-only ${focusRing}`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length) onFiles(files);
            event.target.value = '';
          }}
        />
      </label>
      <p className="max-w-prose text-xs text-slate-600">
        ISO 20022 camt.054 (credit notifications, what banks send for QR-bill payments) or camt.053
        (account statements), versions 001.04 to 001.08, as the e-banking exports them. Each payment
        is matched to its invoice by its QR or RF reference, an invoice number in its text, or the
        payer’s known IBAN; importing a file again books nothing twice.
      </p>
    </div>
  );
}
