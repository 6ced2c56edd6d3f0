import { formatMoney } from '@/components/detail';
import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { getErrorMessage } from '@ops/ui/error-message';
import { useRenewalPreview } from '../api/get-renewal-preview';
import { useRenewalRun } from '../api/get-renewal-run';
import { useStartRenewal } from '../api/start-renewal';
import { Modal } from '@ops/ui/modal';
import { RenewalPreview } from './renewal-preview';
import { yearAtHeadquarters } from '@/lib/clock';

/**
 * The renewal run: a year, then the run's progress (members looked at of those considered) and
 * its counts. Running it again for the same year issues nothing twice.
 */
export function RenewalDialog({
  isOpen,
  initialYear,
  onClose,
}: {
  isOpen: boolean;
  /** The year it opens with; the next one by default (renewals are prepared ahead). */
  initialYear?: number;
  onClose: () => void;
}) {
  const [year, setYear] = useState(String(initialYear ?? yearAtHeadquarters() + 1));
  const [runId, setRunId] = useState<string | null>(null);
  const [sendEmails, setSendEmails] = useState(true);
  const start = useStartRenewal();
  const run = useRenewalRun(runId);
  const data = run.data;
  const isRunning = start.isPending || data?.status === 'running';
  const previewedYear = /^\d{4}$/.test(year) ? Number(year) : null;
  // The preview below (the same query): the confirmation names what it will do.
  const preview = useRenewalPreview(data ? null : previewedYear);
  const toIssue = preview.data?.year === previewedYear ? preview.data.toIssue : null;

  const close = () => {
    if (isRunning) return;
    setRunId(null);
    start.reset();
    onClose();
  };

  return (
    <Modal isOpen={isOpen} title="Renewal run" onClose={close}>
      <p className="text-sm text-slate-600">
        Issues the year’s membership invoice to every active member who has none for it yet (fee by
        billing currency, country fee band and category; due in 30 days). Members already invoiced
        are skipped, so running it again is safe.
      </p>
      <form
        className="flex flex-wrap items-end gap-x-4 gap-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate(
            { year: Number(year), sendEmails },
            { onSuccess: (started) => setRunId(started.id) },
          );
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Membership year</span>
          <input
            type="number"
            inputMode="numeric"
            value={year}
            disabled={isRunning}
            onChange={(event) => setYear(event.target.value)}
            className={`w-32 rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`}
          />
        </label>
        <label className="flex items-center gap-2 pb-1.5 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={sendEmails}
            disabled={isRunning}
            onChange={(event) => setSendEmails(event.target.checked)}
          />
          E-mail each invoice to its member (PDF attached)
        </label>
        <Button
          type="submit"
          isBusy={isRunning}
          // Confirmed against the preview: nothing to issue, or not yet counted, runs nothing.
          disabled={!isRunning && !data && (toIssue === null || toIssue === 0)}
        >
          {isRunning
            ? 'Running…'
            : toIssue === null || data
              ? 'Start run'
              : `Start run: issue ${toIssue.toLocaleString('en')} ${toIssue === 1 ? 'invoice' : 'invoices'}`}
        </Button>
      </form>
      {!data && !start.isPending ? <RenewalPreview year={previewedYear} /> : null}
      {start.error ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(start.error)}
        </p>
      ) : null}
      {data ? (
        <div className="flex flex-col gap-2" aria-live="polite">
          <progress
            className="h-2 w-full"
            aria-label="Members processed"
            max={Math.max(data.total, 1)}
            value={data.status === 'running' ? data.processed : Math.max(data.total, 1)}
          />
          <p className="text-sm text-slate-700">
            {data.status === 'running'
              ? `Renewing ${data.year}: ${data.processed.toLocaleString('en')} of ${data.total.toLocaleString('en')} active members…`
              : data.status === 'failed'
                ? `The run stopped: ${data.error ?? 'unknown error'}`
                : `Renewal ${data.year} done.`}
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="renewal-result">
            <dt className="text-slate-600">Invoices issued</dt>
            <dd>{data.issued.toLocaleString('en')}</dd>
            {data.sendEmails ? (
              <>
                <dt className="text-slate-600">E-mails queued</dt>
                <dd>{data.emailsQueued.toLocaleString('en')}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Already invoiced</dt>
            <dd>{data.alreadyInvoiced.toLocaleString('en')}</dd>
            {data.skipped.map((skipped) => (
              <div key={skipped.reason} className="contents">
                <dt className="text-slate-600">Skipped: {skipped.reason}</dt>
                <dd>{skipped.count.toLocaleString('en')}</dd>
              </div>
            ))}
            {data.totals.map((sum) => (
              <div key={sum.currency} className="contents">
                <dt className="text-slate-600">Invoiced in {sum.currency}</dt>
                <dd>
                  {formatMoney(sum.totalMinor, sum.currency)} ({sum.count.toLocaleString('en')})
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={close} disabled={isRunning}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
