import { FileDropZone } from '@/components/upload';

/** Drop one or more bank files on the zone, or choose them: either way `onFiles` gets them. */
export function ImportDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  return (
    <FileDropZone
      onFiles={onFiles}
      isMultiple
      accept=".xml,application/xml,text/xml"
      prompt="Drop bank statement files here, one or many, or"
      chooseLabel="Choose statement files"
      testId="bank-drop-zone"
      help={
        <p>
          ISO 20022 camt.054 (credit notifications, what banks send for QR-bill payments) or
          camt.053 (account statements), versions 001.04 to 001.08, as the e-banking exports them.
          Each payment is matched to its invoice by its QR or RF reference, an invoice number in its
          text, or the payer’s known IBAN; importing a file again books nothing twice.
        </p>
      }
    />
  );
}
