import type { ReactNode } from 'react';

/** A headed section of the invoice's detail (its payments, its dunning), named by its heading. */
export function InvoiceSection({
  id,
  title,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
