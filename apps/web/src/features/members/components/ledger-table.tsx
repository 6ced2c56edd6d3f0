import type { TLedgerCurrency, TLedgerLine } from '@ops/contract';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@ops/ui/format';
import { RecordTable, type RecordTableColumn } from '@/components/detail/record-table';
import { paths } from '@/config/paths';
import { creditNotePdfPath } from '@/features/credit-notes';

const linkClass =
  'text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700';

/** The document of a line, linked to its record: an invoice, a credit note's PDF. */
function LedgerDocument({ line }: { line: TLedgerLine }) {
  const label = line.documentNumber;
  if (!label) return null;
  if (line.link?.type === 'invoice') {
    return (
      <Link className={`${linkClass} font-mono`} to={paths.invoice.getHref({ iid: line.link.id })}>
        {label}
      </Link>
    );
  }
  if (line.link?.type === 'credit-note') {
    return (
      <a
        className={`${linkClass} font-mono`}
        href={creditNotePdfPath(line.link.id)}
        target="_blank"
        rel="noreferrer"
      >
        {label}
      </a>
    );
  }
  return <span className="font-mono">{label}</span>;
}

/** An amount of a debit or credit column; nothing for zero, so the other column reads. */
function amount(minor: string, currency: string): string | null {
  return minor === '0' ? null : formatMoney(minor, currency);
}

const isNote = (line: TLedgerLine) => line.debitMinor === '0' && line.creditMinor === '0';

/**
 * One currency of the ledger: date, what, document, debit (the member owes more), credit (less)
 * and the running balance (negative: in credit). Applied credit moves no balance: it shows as a
 * note line, its amount in the description. Beside the members list or on a phone each line is
 * a card (what it is, then date, document and amounts), so Credit and Balance are never cut off.
 */
export function LedgerTable({ ledger }: { ledger: TLedgerCurrency }) {
  const { currency } = ledger;
  const columns: RecordTableColumn<TLedgerLine>[] = [
    { id: 'date', label: 'Date', isNoWrap: true, render: (line) => formatDate(line.date) },
    {
      id: 'what',
      label: 'What',
      isKey: true,
      render: (line) =>
        isNote(line) ? (
          <span className="font-normal text-slate-500 italic">{line.description}</span>
        ) : (
          line.description
        ),
    },
    {
      id: 'document',
      label: 'Document',
      isNoWrap: true,
      render: (line) => (line.documentNumber ? <LedgerDocument line={line} /> : null),
    },
    {
      id: 'debit',
      label: 'Debit',
      isNumeric: true,
      render: (line) => amount(line.debitMinor, currency),
    },
    {
      id: 'credit',
      label: 'Credit',
      isNumeric: true,
      render: (line) => amount(line.creditMinor, currency),
    },
    {
      id: 'balance',
      label: 'Balance',
      isNumeric: true,
      render: (line) => formatMoney(line.balanceMinor, currency),
    },
  ];
  return (
    <RecordTable
      label={`Ledger in ${currency}`}
      columns={columns}
      rows={ledger.lines}
      rowKey={(line, index) => `${line.movementId ?? line.link?.id ?? ''}-${line.kind}-${index}`}
      stackBelow="2xl"
    />
  );
}
