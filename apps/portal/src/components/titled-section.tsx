import type { ReactNode } from 'react';

/**
 * A part of a screen named by its own second-level heading (the `<section>` labelled by the
 * heading's id, so that screen readers list it as a region with that name), in the size the
 * portal's screen parts share. `id` is the heading's.
 */
export function TitledSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
