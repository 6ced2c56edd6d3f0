import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { statementPdfHref } from '../api/ledger';
import { useSendStatement } from '../api/ledger-send-statement';
import { todayAtHeadquarters } from '@/lib/clock';
import { SuccessNote } from '@/components/success-note';

const inputClass = `rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`;
const linkButtonClass = `inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 ${focusRing}`;

/**
 * "Statement of account": a period (the year so far by default), then the PDF to download or
 * to e-mail to the member (for those allowed to edit invoices, and only with an address).
 */
export function LedgerStatement({ mid, email }: { mid: string; email: string | null }) {
  const today = todayAtHeadquarters();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const canSend = useCan('invoices.edit');
  const send = useSendStatement(mid);
  // The server refuses a statement that ends after today (its closing balance is not known yet).
  const isRange = from !== '' && to !== '' && from <= to && to <= today;
  const range = { from, to };
  return (
    <section aria-labelledby="statement-title" className="flex flex-col gap-2">
      <h4
        id="statement-title"
        className="border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        Statement of account
      </h4>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">From</span>
          <input
            type="date"
            className={inputClass}
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">To</span>
          <input
            type="date"
            className={inputClass}
            value={to}
            min={from || undefined}
            max={today}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        {isRange ? (
          <a className={linkButtonClass} href={statementPdfHref(mid, range, true)}>
            Download PDF
          </a>
        ) : null}
        {canSend ? (
          <Button
            variant="secondary"
            disabled={!isRange || !email}
            isBusy={send.isPending}
            title={email ? undefined : 'The member has no e-mail address'}
            onClick={() => send.mutate(range)}
          >
            {send.isPending ? 'Sending…' : email ? `E-mail to ${email}` : 'E-mail (no address)'}
          </Button>
        ) : null}
      </div>
      {!isRange ? (
        <p className="text-sm text-red-700">Choose a period whose start is not after its end.</p>
      ) : null}
      {send.isSuccess ? <SuccessNote>{send.data.message}</SuccessNote> : null}
      {send.error ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(send.error)}
        </p>
      ) : null}
    </section>
  );
}
