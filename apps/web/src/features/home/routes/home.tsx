import { Screen } from '@/components/screen';

export function HomeRoute() {
  return (
    <Screen
      title="Ops"
      description="The operators' start page: the work waiting across applications, members, invoices and e-mails."
    />
  );
}
