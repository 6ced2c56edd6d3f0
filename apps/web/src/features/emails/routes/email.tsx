import { RecordId, Screen } from '@/components/screen';
import { useRouteParam } from '@/lib/route-params';

// Spec §2: the one detail screen whose id is not passed as a property; it reads the route.
export function EmailRoute() {
  const eid = useRouteParam('eid');
  return (
    <Screen
      title="Email"
      description="One e-mail: recipients, subject, content, related record, delivery state, attempts and errors."
    >
      <RecordId label="Email id" value={eid} />
    </Screen>
  );
}
