import { DetailScreen, DetailTabs, formatDateTime } from '@/components/detail';
import { historyTab } from '@/components/detail/history-tab';
import { Screen } from '@/components/screen';
import { useCan } from '@/lib/permissions';
import { useRouteParam } from '@/lib/route-params';
import { useEmail } from '../api/get-email';
import { DeliveryHistory } from '../components/delivery-history';
import { EmailMessage } from '../components/email-message';
import { RetryEmail } from '../components/retry-email';
import { EmailStateBadge } from '../components/state-badge';

const fieldLabels = { state: 'State', attempts: 'Attempts in the round', error: 'Last error' };

/**
 * One e-mail beside the log. Spec §2: the one detail screen whose id is not passed as a
 * property; it reads the route itself. Message (headers, sandboxed HTML, text, attachments),
 * Delivery (every attempt) and History (operators' retries); Retry on a failed one.
 */
export function EmailRoute() {
  const eid = useRouteParam('eid');
  const email = useEmail(eid);
  const canRetry = useCan('emails.retry');
  return (
    <DetailScreen query={email} noun="e-mail" recordId={{ label: 'E-mail id', value: eid }}>
      {(data) => (
        <Screen
          title={data.subject}
          description={
            <span className="inline-flex flex-wrap items-center gap-2">
              <span>To {data.to.join(', ')}</span>
              <span aria-hidden="true">·</span>
              <span>{formatDateTime(data.createdAt)}</span>
              <EmailStateBadge state={data.state} deliveryMode={data.deliveryMode} />
            </span>
          }
          actions={canRetry && data.state === 'ERROR' ? <RetryEmail email={data} /> : null}
        >
          <DetailTabs
            label="E-mail sections"
            tabs={[
              { id: 'message', label: 'Message', content: <EmailMessage email={data} /> },
              {
                id: 'delivery',
                label: `Delivery (${data.deliveries.length})`,
                content: <DeliveryHistory email={data} />,
              },
              historyTab('emails', data.eid, fieldLabels, { isPadded: true }),
            ]}
          />
        </Screen>
      )}
    </DetailScreen>
  );
}
