import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { formatCount } from '@/components/detail';
import { Modal } from '@ops/ui/modal';
import { getErrorMessage } from '@ops/ui/error-message';
import { useDunningPreview } from '../api/get-dunning-preview';
import { useRunDunning } from '../api/run-dunning';
import { DunningReport } from './dunning-report';
import { todayAtHeadquarters } from '@/lib/clock';

/** "1 reminder", "1,250 reminders". */
const countOf = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * The dunning run by hand: a day (today by default) → the preview of who gets which level
 * (nothing is sent) → Run → the run's report. Running it again for the same day sends nothing
 * twice: each level is recorded once per invoice.
 */
export function DunningRunDialog({
  isOpen,
  previewAtOnce = false,
  onClose,
  onPrintLetters,
}: {
  isOpen: boolean;
  /** Opens with today's preview shown (the Jobs screen's Run now), not only the form. */
  previewAtOnce?: boolean;
  onClose: () => void;
  /** The run recorded postal reminders: this dialog closes and the letters' one opens. */
  onPrintLetters?: () => void;
}) {
  const [asOf, setAsOf] = useState(todayAtHeadquarters);
  /** The day previewed: set by "Preview", cleared when the day changes. */
  const [previewedAsOf, setPreviewedAsOf] = useState<string | null>(() =>
    previewAtOnce ? todayAtHeadquarters() : null,
  );
  const run = useRunDunning();
  const report = run.data;
  // Once the run has answered, its report replaces the preview, which is no longer followed.
  const preview = useDunningPreview(report ? null : previewedAsOf);

  const close = () => {
    if (run.isPending) return;
    setAsOf(todayAtHeadquarters());
    setPreviewedAsOf(null);
    run.reset();
    onClose();
  };
  const due = preview.data?.levels.reduce((sum, level) => sum + level.invoices, 0) ?? 0;
  const isValidDay = /^\d{4}-\d{2}-\d{2}$/.test(asOf);

  return (
    <Modal isOpen={isOpen} title="Dunning run" onClose={close} width="wide">
      <p className="text-sm text-slate-600">
        Sends each issued invoice with an open balance the reminder level it is due for on the day:
        the e-mail in the member’s language, or a postal reminder when it has no working address.
        Preview first: nothing is sent until you run it. A level is never sent twice for an invoice.
      </p>
      <form
        className="flex flex-wrap items-end gap-x-4 gap-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isValidDay) return;
          run.reset();
          setPreviewedAsOf(asOf);
          // Asked again for the same day: read it afresh (after a run, the report's reset
          // brings the preview back, fetched anew).
          if (!report && previewedAsOf === asOf) void preview.refetch();
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">As of</span>
          <input
            type="date"
            required
            value={asOf}
            disabled={run.isPending}
            onChange={(event) => {
              setAsOf(event.target.value);
              setPreviewedAsOf(null);
              run.reset();
            }}
            className={`rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`}
          />
        </label>
        <Button
          type="submit"
          variant={previewedAsOf === null ? 'primary' : 'secondary'}
          isBusy={preview.isFetching}
          disabled={run.isPending}
        >
          {preview.isFetching ? 'Previewing…' : 'Preview'}
        </Button>
      </form>
      {preview.error && !report ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(preview.error)}
        </p>
      ) : null}
      {report ? (
        <div aria-live="polite" className="flex flex-col gap-3">
          <p role="status" className="text-sm font-medium text-emerald-800">
            Dunning run done: {countOf(report.itemsTotal, 'reminder', 'reminders')} recorded,{' '}
            {countOf(report.emailsQueued, 'e-mail', 'e-mails')} queued.
          </p>
          <DunningReport
            report={report}
            onOpenLink={close}
            {...(onPrintLetters
              ? {
                  onPrintLetters: () => {
                    close();
                    onPrintLetters();
                  },
                }
              : {})}
          />
        </div>
      ) : preview.data && previewedAsOf !== null ? (
        <div aria-live="polite" className="flex flex-col gap-3">
          <DunningReport report={preview.data} onOpenLink={close} />
          {run.error ? (
            <p role="alert" className="text-sm text-red-700">
              {getErrorMessage(run.error)}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={run.isPending}>
          Close
        </Button>
        {!report &&
        preview.data &&
        previewedAsOf !== null &&
        due > 0 &&
        (run.isPending || !preview.isFetching) ? (
          <Button isBusy={run.isPending} onClick={() => run.mutate({ asOf: previewedAsOf })}>
            {run.isPending ? 'Running…' : `Run: send ${countOf(due, 'reminder', 'reminders')}`}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
