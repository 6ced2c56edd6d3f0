import { NavLink, Outlet, useMatch } from 'react-router';
import { focusRing } from '@ops/ui/button';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { settingsAreas } from '../components/settings-areas';

const tabClass = (isActive: boolean) =>
  [
    '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
    focusRing,
    isActive
      ? 'border-sky-700 text-sky-800'
      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
  ].join(' ');

/**
 * The settings view around /settings/… and /countries (see the route table): on a section,
 * tabs between the sections shown in this view and back to every setting; on /settings itself
 * the settings home, which lists every area.
 */
export function SettingsLayoutRoute() {
  const isHome = useMatch(paths.settings.path) !== null;
  return (
    <Screen
      title="Settings"
      description="What the console and its invoices rely on: bank accounts, countries, operators and search indexes."
    >
      {isHome ? null : (
        <nav
          aria-label="Settings sections"
          className="-mt-1 overflow-x-auto border-b border-slate-200"
        >
          <ul className="flex gap-1">
            <li>
              <NavLink
                to={paths.settings.getHref()}
                end
                className={({ isActive }) => tabClass(isActive)}
              >
                All settings
              </NavLink>
            </li>
            {settingsAreas
              .filter((area) => area.isSettingsSection)
              .map((area) => (
                <li key={area.href}>
                  <NavLink to={area.href} className={({ isActive }) => tabClass(isActive)}>
                    {area.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      )}
      <Outlet />
    </Screen>
  );
}
