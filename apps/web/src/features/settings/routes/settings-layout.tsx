import { Outlet } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';

/** The settings view: around /settings/... and around /countries (see the route table). */
export function SettingsLayoutRoute() {
  return (
    <Screen
      title="Settings"
      description="The bank accounts and countries that membership fees and invoices rely on."
      actions={
        <nav aria-label="Settings" className="flex gap-2">
          <ActionLink to={paths.bankAccounts.getHref()}>Bank accounts</ActionLink>
          <ActionLink to={paths.countries.getHref()}>Countries</ActionLink>
        </nav>
      }
    >
      <Outlet />
    </Screen>
  );
}
