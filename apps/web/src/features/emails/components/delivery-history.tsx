import type { TEmailDelivery, TEmailDetail } from '@ops/contract';
import { formatDateTime } from '@/components/detail';
import { deliveryOutcomeLabel } from '@/lib/labels';

const outcomeTones: Record<NonNullable<TEmailDelivery['outcome']>, string> = {
  success: 'text-emerald-800',
  'temporary-failure': 'text-amber-800',
  'permanent-failure': 'text-red-800',
  'lease-expired': 'text-slate-700',
};

/** Where the e-mail stands now, in a sentence. */
function currentStanding(email: TEmailDetail): string {
  switch (email.state) {
    case 'SUCCESS':
      if (email.deliveryMode === 'log') {
        // No SMTP_URL: the worker wrote it to the server log; it reached no mailbox.
        return `Logged (not delivered): written to the server log${email.deliveredAt ? ` at ${formatDateTime(email.deliveredAt)}` : ''} because no mail server is configured (SMTP_URL).`;
      }
      return `Accepted by the mail server${email.deliveredAt ? ` at ${formatDateTime(email.deliveredAt)}` : ''}${email.accepted.length ? ` for ${email.accepted.join(', ')}` : ''}.`;
    case 'ERROR':
      return `Failed: ${email.lastError ?? 'no reason recorded'}.`;
    case 'PROCESSING':
      return `Being delivered by ${email.workerId ?? 'a worker'}${email.leaseExpiresAt ? `; its lease runs until ${formatDateTime(email.leaseExpiresAt)}` : ''}.`;
    case 'RETRY':
      return `Waiting to be tried again${email.nextAttemptAt ? ` at ${formatDateTime(email.nextAttemptAt)}` : ''}${email.lastError ? ` (last error: ${email.lastError})` : ''}.`;
    case 'PENDING':
      return 'Waiting in the outbox for a delivery worker.';
  }
}

/** Every delivery attempt, oldest first, with the server's answer. */
export function DeliveryHistory({ email }: { email: TEmailDetail }) {
  return (
    <div className="flex flex-col gap-4 pt-4">
      {/* Addresses break anywhere: a long one would widen a phone's page. */}
      <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm [overflow-wrap:anywhere] text-slate-800">
        {currentStanding(email)} {email.attempts} {email.attempts === 1 ? 'attempt' : 'attempts'} so
        far; {email.attemptsInBudget} of {email.maxAttempts} in the current round.
      </p>
      {email.deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">No delivery attempt is recorded yet.</p>
      ) : (
        <ol aria-label="Delivery attempts" className="flex flex-col gap-3">
          {email.deliveries.map((delivery) => (
            <li
              key={`${delivery.attempt}-${delivery.startedAt}`}
              className="rounded-md border border-slate-200 p-3 text-sm"
            >
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">Attempt {delivery.attempt}</span>
                <span
                  className={delivery.outcome ? outcomeTones[delivery.outcome] : 'text-sky-800'}
                >
                  {delivery.outcome
                    ? deliveryOutcomeLabel(delivery.outcome, delivery.deliveryMode)
                    : 'Under way'}
                </span>
                <span className="text-slate-600 tabular-nums">
                  {formatDateTime(delivery.startedAt)}
                  {delivery.finishedAt ? ` – ${formatDateTime(delivery.finishedAt)}` : ''}
                </span>
              </p>
              <dl className="mt-1 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-0.5 [overflow-wrap:anywhere] text-slate-700">
                {delivery.smtpResponse ? (
                  <>
                    <dt className="text-slate-500">Server answer</dt>
                    <dd className="font-mono text-xs break-all">{delivery.smtpResponse}</dd>
                  </>
                ) : null}
                {delivery.error ? (
                  <>
                    <dt className="text-slate-500">Error</dt>
                    <dd className="break-words">{delivery.error}</dd>
                  </>
                ) : null}
                {delivery.providerMessageId ? (
                  <>
                    <dt className="text-slate-500">Message id</dt>
                    <dd className="font-mono text-xs break-all">{delivery.providerMessageId}</dd>
                  </>
                ) : null}
                {delivery.accepted.length ? (
                  <>
                    <dt className="text-slate-500">Accepted</dt>
                    <dd>{delivery.accepted.join(', ')}</dd>
                  </>
                ) : null}
                {delivery.rejected.length ? (
                  <>
                    <dt className="text-slate-500">Rejected</dt>
                    <dd>{delivery.rejected.join(', ')}</dd>
                  </>
                ) : null}
                <dt className="text-slate-500">Worker</dt>
                <dd className="font-mono text-xs break-all">{delivery.workerId}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
