import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { listHrefs } from '@/config/paths';
import { changeRequestsListDefinition } from '../components/change-requests-list-definition';
import { useDefaultViewOnArrival } from '../hooks/use-default-view-on-arrival';

/** The queue's first view: what waits for staff, oldest first (the list's default sort). */
const pendingViewHref = listHrefs.changeRequests({ status: 'pending' });

/**
 * /change-requests (issue 35): what members asked from the portal, a company-data change or
 * closing the account, opened on the pending requests with the longest wait on top; a request
 * opens beside the queue.
 */
export function ChangeRequestsRoute() {
  useDefaultViewOnArrival(pendingViewHref);
  return (
    <Screen
      title="Change requests"
      description="What members ask from the portal: changes of their company data for staff to review, and requests to close the account. Opens on the pending ones, the oldest first."
    >
      <ListWithDetail>
        <DataList definition={changeRequestsListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
