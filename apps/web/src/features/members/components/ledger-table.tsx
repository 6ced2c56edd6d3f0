import type { TLedgerCurrency, TLedgerLine } from '@ops/contract';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@/components/detail/format';
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
function Amount({ minor, currency }: { minor: string; currency: string }) {
  return minor === '0' ? null : <>{formatMoney(minor, currency)}</>;
}

/**
 * One currency of the ledger: date, what, document, debit (the member owes more), credit (less)
 * and the running balance (negative: in credit). Applied credit moves no balance: it shows as a
 * note line, its amount in the description.
 */
export function LedgerTable({ ledger }: { ledger: TLedgerCurrency }) {
  const { currency } = ledger;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm" aria-label={`Ledger in ${currency}`}>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th className="py-1 pr-2 font-medium">Date</th>
            <th className="py-1 pr-2 font-medium">What</th>
            <th className="py-1 pr-2 font-medium">Document</th>
            <th className="py-1 pr-2 text-right font-medium">Debit</th>
            <th className="py-1 pr-2 text-right font-medium">Credit</th>
            <th className="py-1 text-right font-medium">Balance</th>
          </tr>
        </thead>
        <tbody>
          {ledger.lines.map((line, index) => {
            const isNote = line.debitMinor === '0' && line.creditMinor === '0';
            return (
              <tr
                key={`${line.movementId ?? line.link?.id ?? ''}-${line.kind}-${index}`}
                className="border-b border-slate-100 align-top"
              >
                <td className="py-1 pr-2 whitespace-nowrap">{formatDate(line.date)}</td>
                <td className={`py-1 pr-2 ${isNote ? 'text-slate-500 italic' : ''}`}>
                  {line.description}
                </td>
                <td className="py-1 pr-2 whitespace-nowrap">
                  <LedgerDocument line={line} />
                </td>
                <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums">
                  <Amount minor={line.debitMinor} currency={currency} />
                </td>
                <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums">
                  <Amount minor={line.creditMinor} currency={currency} />
                </td>
                <td className="py-1 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(line.balanceMinor, currency)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
