import { Screen } from '@/components/screen';

export function InvoicesFixesRoute() {
  return (
    <Screen
      title="Invoice fixes"
      description="Audited corrections of invoice fields; a paid invoice is never silently rewritten."
    />
  );
}
