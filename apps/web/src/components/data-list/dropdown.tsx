import type { ReactNode } from 'react';
import { focusRing } from '@ops/ui/button';
import { useDropdownPanel } from './use-dropdown-panel';

/**
 * A button that opens a small panel below it (filters, the column chooser). Escape, a click
 * outside or moving the focus out closes it; Escape returns the focus to the button.
 */
export function Dropdown({
  label,
  isActive = false,
  children,
  panelLabel,
}: {
  label: ReactNode;
  /** Drawn as a set chip (the filter has a value). */
  isActive?: boolean;
  /** The panel's accessible name. */
  panelLabel: string;
  children: ReactNode;
}) {
  const { rootRef, buttonRef, ...panel } = useDropdownPanel();

  return (
    <div ref={rootRef} className="relative" {...panel.rootProps}>
      <button
        ref={buttonRef}
        {...panel.buttonProps}
        onClick={() => panel.setIsOpen((open) => !open)}
        className={[
          'inline-flex max-w-72 items-center gap-1 truncate rounded-full border px-3 py-1 text-sm',
          focusRing,
          isActive
            ? 'border-sky-700 bg-sky-50 text-sky-900 hover:bg-sky-100'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        ].join(' ')}
      >
        {label}
        <DropdownCaret />
      </button>
      {panel.isOpen ? (
        <div
          {...panel.panelProps}
          aria-label={panelLabel}
          className="absolute top-full left-0 z-30 mt-1 max-h-80 min-w-56 overflow-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}

/** The ▾ after a dropdown button's label; not read out (its aria-expanded says it). */
export function DropdownCaret() {
  return (
    <span aria-hidden="true" className="text-xs">
      ▾
    </span>
  );
}
