import { Screen } from '@/components/screen';

export function InvoicesPdfsRoute() {
  return (
    <Screen
      title="Invoice PDFs upload"
      description="Attach PDF files to the invoices they belong to."
    />
  );
}
