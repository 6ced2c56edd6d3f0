import { useEffect } from 'react';
import { isPaletteShortcut } from '../utils/palette-shortcut';

/**
 * Calls `onToggle` when Ctrl+K / Cmd+K is pressed anywhere in the page (spec §2), and keeps the
 * browser's own use of the keys (Chrome's address-bar search) from running. `onToggle` should be
 * stable (a state setter with an updater), or the listener is replaced on every render.
 */
export function usePaletteShortcut(onToggle: () => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      // Holding the keys down would open and close the palette in a flicker.
      if (event.repeat) return;
      onToggle();
    }
    // Capture phase: the palette's own input (or any field) handling its keys and stopping
    // propagation must not swallow the shortcut that closes it.
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => document.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [onToggle]);
}
