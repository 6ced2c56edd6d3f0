import { Screen } from '@/components/screen';

export function MembersFixesRoute() {
  return (
    <Screen
      title="Members fixes"
      description="Audited corrections of member fields: who changed what, when, before and after."
    />
  );
}
