import { Screen } from '@/components/screen';

export function InvoicesUploadRoute() {
  return (
    <Screen
      title="Invoices CSV upload"
      description="Import invoices from a CSV file, idempotent on invoice number: a preview, every bad row with its line number and reason, then an all-or-nothing commit."
    />
  );
}
