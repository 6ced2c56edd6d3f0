import type { TInvoiceDetail, TInvoiceMovement } from '@ops/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import {
  ConfirmDialog,
  RecordTable,
  auditReason,
  formatDate,
  formatMoney,
  type RecordTableColumn,
} from '@/components/detail';
import { paths } from '@/config/paths';
import { creditNotePdfPath } from '@/features/credit-notes';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useReverseMovement } from '../api/reverse-movement';
import { movementKindLabels, movementSourceLabels, paymentMethodLabels } from './labels';
import { InvoiceSection } from './invoice-section';

const linkClass = 'text-sky-800 underline hover:text-sky-950';
/** Movements an operator may reverse (the server refuses the others, and says why). */
const reversibleKinds = new Set(['payment', 'write-off', 'credit-applied', 'refund']);

/** Where a movement's money came from: its bank entry's statement, its credit note, its method. */
function SourceCell({ movement }: { movement: TInvoiceMovement }) {
  const source = movementSourceLabels[movement.source];
  if (movement.bankStatementBsid) {
    return (
      <Link
        className={linkClass}
        to={paths.bankStatement.getHref({ bsid: movement.bankStatementBsid })}
      >
        {source}
      </Link>
    );
  }
  if (movement.creditNote) {
    return (
      <a className={linkClass} href={creditNotePdfPath(movement.creditNote.cnid)}>
        {movement.creditNote.number}
      </a>
    );
  }
  return (
    <>
      {source}
      {movement.method ? ` · ${paymentMethodLabels[movement.method]}` : ''}
    </>
  );
}

/**
 * The invoice's money (issue 16): every movement (payments, bank charges written off, credit
 * notes, applied credit, refunds, reversals) with its reason, what it took off the balance, and
 * Reverse for the finance role; the balance below.
 */
export function InvoicePayments({
  invoice,
  onReversed,
}: {
  invoice: TInvoiceDetail;
  onReversed: (message: string) => void;
}) {
  const canReverse = useCan('payments.reverse');
  const reverse = useReverseMovement();
  const [reversing, setReversing] = useState<TInvoiceMovement | null>(null);
  const money = (minor: string) => formatMoney(minor, invoice.currency);
  if (invoice.movements.length === 0 && invoice.status === 'draft') return null;

  const columns: RecordTableColumn<TInvoiceMovement>[] = [
    {
      id: 'date',
      label: 'Date',
      isNoWrap: true,
      className: 'tabular-nums',
      render: (movement) => formatDate(movement.bookedOn),
    },
    {
      id: 'kind',
      label: 'Kind',
      isKey: true,
      render: (movement) => movementKindLabels[movement.kind],
    },
    {
      id: 'amount',
      label: 'Amount',
      isNumeric: true,
      render: (movement) => (
        <>
          {money(movement.amountMinor)}
          {movement.creditMinor !== '0' && movement.kind === 'payment' ? (
            <span className="block text-xs whitespace-normal text-slate-600">
              {money(movement.creditMinor)} to the member’s credit
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'source',
      label: 'Source',
      render: (movement) => <SourceCell movement={movement} />,
    },
    {
      id: 'reference',
      label: 'Reference',
      className: 'font-mono text-xs break-all',
      render: (movement) => movement.reference ?? '',
    },
    {
      id: 'reason',
      label: 'Reason',
      render: (movement) =>
        movement.reason || movement.reversedBy ? (
          <>
            {movement.reason ?? ''}
            {movement.reversedBy ? (
              <span className="block text-xs">
                Reversed on {formatDate(movement.reversedBy.bookedOn)}
                {movement.reversedBy.reason ? `: ${movement.reversedBy.reason}` : ''}
              </span>
            ) : null}
          </>
        ) : null,
    },
    {
      id: 'actions',
      label: 'Actions',
      isLabelHidden: true,
      className: 'text-right',
      render: (movement) =>
        canReverse && !movement.reversedBy && reversibleKinds.has(movement.kind) ? (
          <Button variant="secondary" onClick={() => setReversing(movement)}>
            Reverse
          </Button>
        ) : null,
    },
  ];

  return (
    <InvoiceSection id="invoice-payments" title="Payments">
      {invoice.movements.length === 0 ? (
        <p className="text-sm text-slate-600">No money received yet.</p>
      ) : (
        <RecordTable
          label="Payments and other movements"
          columns={columns}
          rows={invoice.movements}
          rowKey={(movement) => movement.id}
          rowClassName={(movement) =>
            movement.reversedBy ? 'text-slate-500 line-through decoration-slate-400' : ''
          }
          stackBelow="2xl"
        />
      )}
      <dl className="grid grid-cols-[auto_auto] justify-end gap-x-4 text-sm tabular-nums">
        <dt className="text-slate-600">Paid</dt>
        <dd className="text-right">{money(invoice.paidMinor)}</dd>
        {invoice.creditedMinor !== '0' ? (
          <>
            <dt className="text-slate-600">Credited</dt>
            <dd className="text-right">{money(invoice.creditedMinor)}</dd>
          </>
        ) : null}
        {invoice.writtenOffMinor !== '0' ? (
          <>
            <dt className="text-slate-600">Written off</dt>
            <dd className="text-right">{money(invoice.writtenOffMinor)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Balance</dt>
        <dd className="text-right font-semibold" data-testid="invoice-balance">
          {money(invoice.balanceMinor)}
        </dd>
      </dl>

      <ConfirmDialog
        isOpen={reversing !== null}
        title={
          reversing
            ? `Reverse the ${movementKindLabels[reversing.kind].toLowerCase()} of ${money(reversing.amountMinor)}`
            : 'Reverse'
        }
        confirmLabel="Reverse"
        busyLabel="Reversing…"
        tone="danger"
        reason={auditReason('Kept on the reversal and in the invoice’s history.')}
        isBusy={reverse.isPending}
        error={reverse.error ? getErrorMessage(reverse.error) : null}
        onClose={() => {
          setReversing(null);
          reverse.reset();
        }}
        onConfirm={(reason) => {
          if (!reversing) return;
          reverse.mutateAsync({ id: reversing.id, reason }).then(
            (result) => {
              setReversing(null);
              onReversed(result.message);
            },
            () => undefined,
          );
        }}
      >
        The booking is undone by a counter-booking: the invoice’s balance opens again (a paid
        invoice is issued again), and a bank payment returns to the Unmatched payments queue. What
        the payment did to the member (status, paid-through year, certificate) stays as it is.
      </ConfirmDialog>
    </InvoiceSection>
  );
}
