import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * The state of a button that opens a panel below it (the filter chips' `Dropdown`, the views
 * menu): whether it is open, the refs of the whole and of its button (where the focus returns),
 * the button's and the panel's attributes, and a press anywhere outside the whole closing it.
 * The whole takes `rootProps`: Escape closes the panel with the focus back on the button, the
 * focus moving out of the whole closes it. `onClose` resets what else the
 * panel showed.
 */
export function useDropdownPanel({ onClose }: { onClose?: () => void } = {}) {
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

  /** Closes the panel with the focus on its button (where a dialog opened from it returns it). */
  const closePanel = () => {
    buttonRef.current?.focus();
    setIsOpen(false);
    onClose?.();
  };
  /** The whole's keys and focus, beside its ref. */
  const rootProps = {
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !isOpen) return;
      event.stopPropagation();
      closePanel();
    },
    onBlur: (event: FocusEvent) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setIsOpen(false);
      onClose?.();
    },
  };

  /** The button's own attributes beside its ref: it controls the panel, open or not. */
  const buttonProps = {
    type: 'button',
    'aria-expanded': isOpen,
    'aria-controls': panelId,
  } as const;
  /** The panel's: the id the button names, a group (its accessible name is the caller's). */
  const panelProps = { id: panelId, role: 'group' } as const;

  return {
    isOpen,
    setIsOpen,
    rootRef,
    buttonRef,
    buttonProps,
    panelProps,
    closePanel,
    rootProps,
  };
}
