import { useEffect, useId, useRef, useState } from 'react';

/**
 * The state of a button that opens a panel below it (the filter chips' `Dropdown`, the views
 * menu): whether it is open, the refs of the whole and of its button (where the focus returns),
 * the panel's id, and a press anywhere outside the whole closing it.
 */
export function useDropdownPanel() {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  return { isOpen, setIsOpen, rootRef, buttonRef, panelId };
}
