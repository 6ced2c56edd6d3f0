import type {
  ApplicationAction,
  TApplicationActionRequest,
  TApplicationActionResult,
  TApplicationDetail,
} from '@ops/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@ops/ui/error-message';
import { formatDate, formatMoney } from '@/components/detail';
import { useFirstInvoicePlan } from '../api/get-first-invoice-plan';
import { useApplicationAction } from '../api/run-application-action';
import { actionTexts } from './application-labels';
import { DismissibleOutcome } from '@/components/dismissible-outcome';

const linkClass =
  'font-medium text-sky-800 underline decoration-sky-300 underline-offset-2 hover:text-sky-950';

/** What the step will do, said before the operator confirms it. */
function consequence(application: TApplicationDetail, action: ApplicationAction): string {
  const name = `${application.legalName} (${application.number})`;
  const applicant = application.submittedBy?.email ?? 'the applicant';
  switch (action) {
    case 'submit':
      return `${name} joins the review queue.`;
    case 'request-endorsement': {
      const association = application.endorsingAssociation ?? application.countryAssociation;
      return association
        ? `${association.legalName} (${association.number}) is asked by e-mail for its written endorsement of ${name}.`
        : `The national association is asked for its written endorsement of ${name}.`;
    }
    case 'record-endorsement':
      return `The endorsement letter is on file: ${name} goes back to the review queue.`;
    case 'decline-endorsement':
      return `The association declined to endorse ${name}. The application ends here and ${applicant} is told why.`;
    case 'resend-endorsement':
      return `The association's contacts receive a new link for ${name}; the link sent before stops working.`;
    case 'waive-endorsement':
      return `${name} goes back to the review queue without the endorsement; its link stops working.`;
    case 'start-review':
      return `You become the reviewer of ${name}.`;
    case 'request-information':
      return `${name} waits for the applicant: ${applicant} receives your message by e-mail.`;
    case 'resume-review':
      return `The requested information arrived: ${name} is under review again.`;
    case 'approve':
      return `In one step: ${name} becomes a member (pending payment) with a new membership number, ${applicant} becomes its owner and is told by e-mail, and the first membership invoice is issued and e-mailed with its PDF:`;
    case 'reject':
      return `${name} is rejected and ${applicant} receives the reason by e-mail.`;
    case 'withdraw':
      return `${name} is recorded as withdrawn by the applicant; nothing is sent.`;
  }
}

function requestOf(
  action: ApplicationAction,
  version: number,
  text: string,
): TApplicationActionRequest {
  switch (action) {
    case 'decline-endorsement':
    case 'waive-endorsement':
    case 'reject':
    case 'withdraw':
      return { action, version, reason: text };
    case 'request-information':
      return { action, version, message: text };
    default:
      return { action, version };
  }
}

/**
 * The first invoice an approval would issue today, by the federation's first-year rule (issue
 * 32: approved on 2 December, a member was billed the whole year without anyone seeing it).
 */
function FirstInvoicePlan({ aid }: { aid: string }) {
  const plan = useFirstInvoicePlan(aid, true);
  if (plan.isPending) return <p className="text-sm text-slate-600">Working out the invoice…</p>;
  if (plan.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(plan.error)}
      </p>
    );
  }
  const { year, months, feeMinor, fullFeeMinor, currency, dueDate, reason } = plan.data;
  return (
    <div
      className="mt-2 flex flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="first-invoice-plan"
    >
      <p className="font-medium text-slate-900">
        {formatMoney(feeMinor, currency)} for {months < 12 ? `${months} of 12 months of ` : ''}
        {year}, due {formatDate(dueDate)}
        {feeMinor !== fullFeeMinor ? ` (full year ${formatMoney(fullFeeMinor, currency)})` : ''}
      </p>
      <p className="text-slate-700">{reason}</p>
      <p className="text-xs text-slate-600">
        The rule is set in{' '}
        <Link className={linkClass} to={paths.membershipBilling.getHref()}>
          Settings → Membership billing
        </Link>
        .
      </p>
    </div>
  );
}

/** The outcome of the last step: what happened and, after an approval, where it led. */
function StepResult({
  result,
  onDismiss,
}: {
  result: TApplicationActionResult;
  onDismiss: () => void;
}) {
  return (
    <DismissibleOutcome message={result.message} onDismiss={onDismiss}>
      {result.member || result.invoice ? (
        <p className="flex flex-wrap gap-4">
          {result.member ? (
            <Link className={linkClass} to={paths.member.getHref({ mid: result.member.mid })}>
              Open member {result.member.number}
            </Link>
          ) : null}
          {result.invoice ? (
            <Link className={linkClass} to={paths.invoice.getHref({ iid: result.invoice.iid })}>
              Open invoice {result.invoice.number}
            </Link>
          ) : null}
        </p>
      ) : null}
    </DismissibleOutcome>
  );
}

/**
 * The review workflow's buttons: only the steps the application's status allows (the server
 * says which), each confirmed in a dialog that asks for the reason or message where one is
 * needed. Shown to operators allowed `applications.review` (the caller decides).
 */
export function ApplicationWorkflow({ application }: { application: TApplicationDetail }) {
  const step = useApplicationAction(application.aid);
  const [pending, setPending] = useState<ApplicationAction | null>(null);
  const [result, setResult] = useState<TApplicationActionResult | null>(null);

  const close = () => {
    setPending(null);
    step.reset();
  };
  const error = step.error
    ? isVersionConflict(step.error)
      ? `${getErrorMessage(step.error)} The application has been reloaded: check it, then confirm again.`
      : getErrorMessage(step.error)
    : null;
  const texts = pending ? actionTexts[pending] : null;

  return (
    <div className="flex flex-col gap-3">
      {application.availableActions.length > 0 ? (
        <div className="flex flex-wrap gap-2" aria-label="Review steps" role="group">
          {application.availableActions.map((action) => (
            <Button
              key={action}
              variant={action === 'approve' ? 'primary' : 'secondary'}
              onClick={() => {
                setResult(null);
                setPending(action);
              }}
            >
              {actionTexts[action].button}
            </Button>
          ))}
        </div>
      ) : null}
      {result ? <StepResult result={result} onDismiss={() => setResult(null)} /> : null}
      <ConfirmDialog
        isOpen={pending !== null}
        title={texts?.title ?? ''}
        confirmLabel={texts?.button ?? ''}
        busyLabel={texts?.busy}
        tone={texts?.tone ?? 'primary'}
        isBusy={step.isPending}
        error={error}
        {...(texts?.text
          ? { reason: { label: texts.text.label, isRequired: true, help: texts.text.help } }
          : {})}
        onClose={close}
        onConfirm={(text) => {
          if (!pending) return;
          // The version on screen now: after a conflict it has been fetched again.
          step.mutate(requestOf(pending, application.version, text), {
            onSuccess: (outcome) => {
              setResult(outcome);
              close();
            },
          });
        }}
      >
        {pending ? consequence(application, pending) : null}
        {pending === 'approve' ? <FirstInvoicePlan aid={application.aid} /> : null}
      </ConfirmDialog>
    </div>
  );
}
