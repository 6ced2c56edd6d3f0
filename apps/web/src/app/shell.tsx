import type { ReactNode } from 'react';
import { Link, matchPath, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { Logo } from '@/components/logo';
import { ProgressBar } from '@/components/progress-bar';
import { paths } from '@/config/paths';
import { AuthGate, AuthGateFallback } from '@/features/auth/components/auth-gate';
import { UserFooter } from '@/features/auth/components/user-footer';

type SidebarEntry = {
  label: string;
  to: string;
  /** Only the exact URL makes it active (home would match everything otherwise). */
  end?: boolean;
  /** Other URL patterns that live inside this entry's view. */
  alsoActiveOn?: string[];
};

// Spec §2 "Shell": nine entries, in this order.
const sidebarEntries: SidebarEntry[] = [
  { label: 'Ops', to: paths.home.getHref(), end: true },
  { label: 'Applications', to: paths.applications.getHref() },
  { label: 'Members', to: paths.members.getHref() },
  { label: 'Certificates', to: paths.certificates.getHref() },
  { label: 'Invoices', to: paths.invoices.getHref() },
  { label: 'Payments', to: paths.stripeInvoices.getHref() },
  { label: 'Users', to: paths.users.getHref() },
  { label: 'Emails', to: paths.emails.getHref() },
  // /countries renders inside the settings view (see the route table).
  { label: 'Settings', to: paths.settings.getHref(), alsoActiveOn: [`${paths.countries.path}/*`] },
];

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

function SidebarLink({ entry }: { entry: SidebarEntry }) {
  const { pathname } = useLocation();
  const isInsideView = (entry.alsoActiveOn ?? []).some((path) => matchPath(path, pathname));
  return (
    <NavLink
      to={entry.to}
      end={entry.end}
      className={({ isActive }) =>
        [
          'block rounded-md px-3 py-2 text-sm whitespace-nowrap',
          focusRing,
          isActive || isInsideView
            ? 'bg-sky-50 font-semibold text-sky-900 shadow-[inset_0_-2px_0] shadow-sky-600 md:shadow-[inset_3px_0_0]'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        ].join(' ')
      }
    >
      {entry.label}
    </NavLink>
  );
}

function ShellLayout({ footer, children }: { footer: ReactNode; children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 md:flex">
      <a
        href="#main"
        className={`sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow ${focusRing}`}
      >
        Skip to content
      </a>
      <div className="fixed inset-x-0 top-0 z-40">
        {navigation.state === 'idle' ? null : <ProgressBar label="Loading screen" />}
      </div>
      <header className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-dvh md:w-60 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <h1 className="px-4 pt-4 pb-2 md:pt-6">
          <Link
            to={paths.home.getHref()}
            className={`flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-slate-900 ${focusRing}`}
          >
            <Logo />
            Operations
          </Link>
        </h1>
        <nav aria-label="Main" className="overflow-x-auto px-2 pb-3 md:overflow-visible md:py-4">
          <ul className="flex gap-1 md:flex-col">
            {sidebarEntries.map((entry) => (
              <li key={entry.to}>
                <SidebarLink entry={entry} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 md:mt-auto">{footer}</div>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-8">
        {children}
      </main>
    </div>
  );
}

/**
 * The console's frame: sidebar, the signed-in user at its foot, and the current screen. The
 * gate lets only operators in; everyone else sees the sign-in screen or the not-an-operator
 * message at the same address.
 */
export function Shell() {
  return (
    <AuthGate>
      <ShellLayout footer={<UserFooter />}>
        <Outlet />
      </ShellLayout>
    </AuthGate>
  );
}

/**
 * What shows while the first screen's code loads: the progress bar, as it is not known yet
 * whether the console or the sign-in screen comes.
 */
export function ShellFallback() {
  return <AuthGateFallback />;
}
