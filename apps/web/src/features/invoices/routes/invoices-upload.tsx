import {
  invoiceUploadFieldHelp,
  invoiceUploadFieldLabels,
  invoiceUploadFields,
  invoiceUploadMappingProblems,
  invoiceUploadMaxBytes,
  requiredInvoiceUploadFields,
  type TInvoiceUpload,
  type TInvoiceUploadMapping,
} from '@ops/contract';
import { formatCount, UploadScreen, type UploadDefinition } from '@/components/upload';
import { PageOfList } from '@/components/screen';
import { paths } from '@/config/paths';
import { areaKeys } from '@/lib/query-keys';

type InvoiceResult = NonNullable<TInvoiceUpload['result']>;
type InvoiceValidation = NonNullable<TInvoiceUpload['validation']>;

/** The invoice CSV import, on the shared upload kit (the same steps as the members'). */
const invoiceUpload: UploadDefinition = {
  api: {
    basePath: '/api/invoices/uploads',
    key: 'invoice-uploads',
    // The invoices and members lists follow the change feed; details read again.
    invalidatesOnCommit: [
      areaKeys('invoices').all,
      areaKeys('members').all,
      areaKeys('certificates').all,
    ],
  },
  followUpKey: 'followedUpAt',
  title: 'Invoices CSV upload',
  description:
    'Import invoices from a CSV file, idempotent on invoice number: map its columns, check every row (each bad one with its line and reason), then commit all or nothing, or the valid rows only.',
  permission: 'invoices.edit',
  permissionNoun: 'uploading invoices',
  fieldHeading: 'Invoice field',
  fields: invoiceUploadFields,
  fieldLabels: invoiceUploadFieldLabels,
  requiredFields: requiredInvoiceUploadFields,
  fieldHelp: invoiceUploadFieldHelp,
  mappingProblems: (mapping, columnCount) =>
    invoiceUploadMappingProblems(mapping as TInvoiceUploadMapping, columnCount),
  fileHelp: (
    <>
      <p>
        A header line, then one invoice per line: its number, the member’s membership number,
        currency and amount, and optionally kind, year, dates, description, donation, VAT, status
        and payment. UTF-8 (with or without BOM) or Windows-1252, separated by commas or semicolons;
        up to {invoiceUploadMaxBytes / 1024 / 1024} MB.
      </p>
      <p className="mt-1">
        Amounts in francs, euros or dollars with either decimal mark (1250.50, 1250,50, 1’250.50).
        Rows are matched on the invoice number: new numbers are added, changed invoices updated,
        identical ones left as they are; a paid invoice is never rewritten. Paid rows make their
        member active and paid through the year, and issue that year’s certificate.
      </p>
    </>
  ),
  mappingNote:
    'Each row is a whole invoice: an unmapped optional field takes its default (shown under its name).',
  describeValidationExtra: (validation) => {
    const toMarkPaid = (validation as InvoiceValidation).toMarkPaid;
    return toMarkPaid > 0
      ? `${formatCount(toMarkPaid)} ${toMarkPaid === 1 ? 'row records a payment' : 'rows record a payment'}: their members become active and paid through the year, and receive that year’s certificate.`
      : null;
  },
  reportFigures: (base) => {
    const result = base as InvoiceResult;
    return [
      ['Added', result.inserted],
      ['Updated', result.updated],
      ['Unchanged', result.unchanged],
      ['Rejected', result.rejected],
      ['Refused (paid meanwhile)', result.refused],
      ['Paid', result.paid],
      ['Members updated', result.membersUpdated],
      ['Certificates issued', result.certificatesIssued],
    ];
  },
  reportNote: (upload) =>
    (upload as TInvoiceUpload).result?.followedUpAt
      ? 'The search index and the certificates are up to date.'
      : 'The invoices are saved; the search index and the certificates are catching up.',
  back: { href: paths.invoices.getHref(), label: 'Back to the invoices' },
};

export function InvoicesUploadRoute() {
  return (
    <PageOfList listHref={paths.invoices.getHref()} listTitle="Invoices">
      <UploadScreen definition={invoiceUpload} />
    </PageOfList>
  );
}
