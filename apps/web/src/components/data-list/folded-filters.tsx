import { useId, useState, type ReactNode } from 'react';
import { Button } from '@ops/ui/button';

/**
 * The filter chips. On a small screen they would push the rows out of sight, so they fold
 * behind a "Filters" button that says how many are set; from `md` they always show.
 */
export function FoldedFilters({
  activeCount,
  children,
}: {
  activeCount: number;
  children: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const groupId = useId();
  return (
    <>
      <Button
        variant="secondary"
        aria-expanded={isOpen}
        aria-controls={groupId}
        onClick={() => setOpen((open) => !open)}
        className="self-start md:hidden"
      >
        Filters
        {activeCount > 0 ? (
          <span className="ml-1.5 rounded-full bg-sky-700 px-1.5 text-xs font-semibold text-white">
            {activeCount}
            <span className="sr-only"> set</span>
          </span>
        ) : null}
      </Button>
      <div
        id={groupId}
        role="group"
        aria-label="Filters"
        className={`${isOpen ? 'flex' : 'hidden'} flex-wrap items-center gap-2 md:flex`}
      >
        {children}
      </div>
    </>
  );
}
