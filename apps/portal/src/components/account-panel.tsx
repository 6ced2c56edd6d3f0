import { useId, type ReactNode } from 'react';

/**
 * One of the company screen's panels about the account as a whole ("Your data", closing the
 * account): a white card named by its heading, a line saying what it does, then its own parts.
 */
export function AccountPanel({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-700">{intro}</p>
      {children}
    </section>
  );
}
