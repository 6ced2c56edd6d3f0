import { Link, useOutlet } from 'react-router';
import { focusRing } from '@ops/ui/button';
import { settingsAreas } from '../components/settings-areas';

/** /settings: its section when one is open (bank accounts), else the settings home. */
export function SettingsRoute() {
  return useOutlet() ?? <SettingsHome />;
}

/** Every settings area with what it holds, one line each, as links. */
function SettingsHome() {
  return (
    <ul aria-label="Settings areas" className="flex flex-col divide-y divide-slate-100">
      {settingsAreas.map((area) => (
        <li key={area.href} className="py-1">
          <Link
            to={area.href}
            className={`flex flex-col gap-0.5 rounded-md px-3 py-2.5 hover:bg-sky-50/60 sm:flex-row sm:items-baseline sm:gap-4 ${focusRing}`}
          >
            <span className="font-medium text-sky-800 sm:w-40 sm:shrink-0">{area.label}</span>
            <span className="text-sm text-slate-600">{area.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
