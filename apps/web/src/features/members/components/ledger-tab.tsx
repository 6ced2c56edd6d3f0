import type { TMemberDetail } from '@ops/contract';
import { formatMoney } from '@ops/ui/format';
import { getErrorMessage } from '@ops/ui/error-message';
import { RefundAction } from '@/features/credit-notes';
import { useMemberLedger } from '../api/ledger';
import { LedgerStatement } from './ledger-statement';
import { LedgerTable } from './ledger-table';

/**
 * The member's Ledger tab (issue 16): per currency the open balance and the credit (with
 * "Refund…" when there is credit), every invoice and movement of money with the running
 * balance, and the statement of account for a period.
 */
export function LedgerTab({ member }: { member: TMemberDetail }) {
  const ledger = useMemberLedger(member.mid);
  if (ledger.isPending) return <p className="text-sm text-slate-500">Loading the ledger…</p>;
  if (ledger.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(ledger.error)}
      </p>
    );
  }
  const { currencies } = ledger.data;
  return (
    <div className="@container flex flex-col gap-6">
      {currencies.length === 0 ? (
        <p className="text-sm text-slate-500">No invoice and no payment yet.</p>
      ) : null}
      {currencies.map((account) => (
        <section
          key={account.currency}
          aria-label={`Account in ${account.currency}`}
          className="flex flex-col gap-2"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h4 className="text-sm font-semibold text-slate-800">{account.currency}</h4>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              {(
                [
                  ['Open balance', account.openBalanceMinor],
                  ['Credit', account.creditMinor],
                  ['Balance', account.balanceMinor],
                ] as const
              ).map(([label, minor]) => (
                <div key={label} className="flex gap-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-medium tabular-nums">
                    {formatMoney(minor, account.currency)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <RefundAction
              memberMid={member.mid}
              currency={account.currency}
              creditAvailableMinor={account.creditMinor}
            />
          </div>
          <LedgerTable ledger={account} />
        </section>
      ))}
      <LedgerStatement mid={member.mid} email={member.email} />
    </div>
  );
}
