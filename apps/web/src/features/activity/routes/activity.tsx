import { useMemo } from 'react';
import { DataList } from '@/components/data-list';
import { Screen } from '@/components/screen';
import { useActivityFacets } from '../api/get-activity-facets';
import { activityListDefinition, activityScreen } from '../components/activity-list-definition';

/**
 * The activity log (issue 18): the audit trail of every record in one list. Its operator and
 * action filters offer what the trail holds, loaded beside the list.
 */
export function ActivityRoute() {
  const facets = useActivityFacets();
  const definition = useMemo(() => activityListDefinition(facets.data), [facets.data]);
  return (
    <Screen title={activityScreen.title} description={activityScreen.description}>
      {/* No detail of its own: a row opens its record's screen. */}
      <DataList definition={definition} />
    </Screen>
  );
}
