import { NavLink, type NavLinkProps } from 'react-router';

const base =
  'rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

/** A secondary navigation link shown as a small button (e.g. "CSV upload" on a list). */
export function ActionLink({
  className,
  ...props
}: Omit<NavLinkProps, 'className'> & { className?: string }) {
  return (
    <NavLink
      {...props}
      className={({ isActive }) =>
        [
          base,
          isActive
            ? 'border-sky-600 bg-sky-50 text-sky-800'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          className,
        ]
          .filter(Boolean)
          .join(' ')
      }
    />
  );
}
