import { FileDropZone } from '@/components/upload';

/** Drop many PDF files on the zone, or choose them: either way `onFiles` receives them. */
export function PdfUploadDropZone({
  onFiles,
  isBusy,
}: {
  onFiles: (files: File[]) => void;
  isBusy: boolean;
}) {
  return (
    <FileDropZone
      onFiles={onFiles}
      isBusy={isBusy}
      isMultiple
      accept="application/pdf,.pdf"
      prompt={isBusy ? 'Checking the file names…' : 'Drop PDF files here, as many as you like, or'}
      chooseLabel="Choose PDF files"
      testId="pdf-drop-zone"
      help={
        <p>
          Each file is attached to the invoice whose number its name contains, like{' '}
          <code>2026-000123.pdf</code> or <code>Invoice 2026-000123 ACME.pdf</code> (year, hyphen,
          six digits), or whose number the whole name is. A name with no number or with two
          different numbers is refused. Only real PDF files of at most 10 MB are accepted (judged by
          their content).
        </p>
      }
    />
  );
}
