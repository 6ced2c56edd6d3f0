import { NavLink, useOutlet } from 'react-router';
import { focusRing } from '@/components/button';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';

const sections = [
  {
    href: paths.bankAccounts.getHref(),
    label: 'Bank accounts',
    description:
      'The accounts invoices are paid to: IBAN, QR-IBAN for Swiss QR-bills, BIC, and the default account of each currency.',
  },
  {
    href: paths.countries.getHref(),
    label: 'Countries',
    description:
      'Region, World Bank income group, fee category, default currency and national association of every country.',
  },
] as const;

/**
 * The settings view around /settings/… and /countries (see the route table): a sub-navigation
 * between its sections, and the open section below it. /settings alone shows what each holds.
 */
export function SettingsLayoutRoute() {
  const outlet = useOutlet();
  return (
    <Screen
      title="Settings"
      description="The bank accounts and countries that membership fees and invoices rely on."
    >
      <nav aria-label="Settings sections" className="-mt-1 border-b border-slate-200">
        <ul className="flex gap-1">
          {sections.map((section) => (
            <li key={section.href}>
              <NavLink
                to={section.href}
                className={({ isActive }) =>
                  [
                    '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                    focusRing,
                    isActive
                      ? 'border-sky-700 text-sky-800'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                  ].join(' ')
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {outlet ?? (
        <ul className="grid gap-3 md:grid-cols-2">
          {sections.map((section) => (
            <li key={section.href}>
              <NavLink
                to={section.href}
                className={[
                  'block h-full rounded-lg border border-slate-200 p-4 hover:border-sky-300 hover:bg-sky-50/40',
                  focusRing,
                ].join(' ')}
              >
                <span className="font-medium text-slate-900">{section.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{section.description}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
