import type { TBankAccount } from '@ops/contract';
import { FieldList, formatDateTime } from '@/components/detail';
import { currencyLabel, formatIban } from '../utils/format';
import { YesNoBadge } from './badges';

/** The Overview tab of a bank account: payment details, bank and holder, use, record. */
export function BankAccountOverview({ account: data }: { account: TBankAccount }) {
  return (
    <div className="pt-4">
      <FieldList
        groups={[
          {
            title: 'Payment details',
            fields: [
              {
                label: 'IBAN',
                value: formatIban(data.iban),
                copyValue: data.iban,
                copyLabel: 'IBAN',
                isCode: true,
              },
              {
                label: 'QR-IBAN',
                value: formatIban(data.qrIban),
                copyValue: data.qrIban,
                copyLabel: 'QR-IBAN',
                isCode: true,
              },
              {
                label: 'BIC',
                value: data.bic,
                copyValue: data.bic,
                copyLabel: 'BIC',
                isCode: true,
              },
              {
                label: 'Currency',
                value: currencyLabel(data.currency),
              },
            ],
          },
          {
            title: 'Bank and holder',
            fields: [
              { label: 'Bank', value: data.bankName },
              { label: 'Holder', value: data.holderName },
              {
                label: 'Holder address',
                value: <span className="whitespace-pre-line">{data.holderAddress}</span>,
              },
            ],
          },
          {
            title: 'Use',
            fields: [
              {
                label: `Default for ${data.currency}`,
                value: <YesNoBadge value={data.isDefault} />,
              },
              { label: 'Active', value: <YesNoBadge value={data.active} /> },
              {
                label: 'Invoices',
                value: data.hasInvoices
                  ? 'Invoices are payable to it: IBAN, QR-IBAN and currency are fixed'
                  : 'No invoice names it yet',
              },
            ],
          },
          {
            title: 'Record',
            fields: [
              {
                label: 'Id',
                value: data.id,
                copyValue: data.id,
                isCode: true,
                copyLabel: 'bank account id',
              },
              {
                label: 'Added',
                value: `${formatDateTime(data.createdAt)}${data.createdBy ? ` by ${data.createdBy}` : ''}`,
              },
              {
                label: 'Last changed',
                value: `${formatDateTime(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}`,
              },
              { label: 'Version', value: String(data.version) },
            ],
          },
        ]}
      />
    </div>
  );
}
