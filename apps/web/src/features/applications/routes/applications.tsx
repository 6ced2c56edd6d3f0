import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { applicationsListDefinition } from '../components/applications-list-definition';

/** The applications list, the review queue first; an application opens beside it. */
export function ApplicationsRoute() {
  return (
    <Screen
      title="Applications"
      description="Membership applications from draft through the national association's endorsement and review to approval or rejection. What waits for review comes first, oldest first."
    >
      <ListWithDetail>
        <DataList definition={applicationsListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
