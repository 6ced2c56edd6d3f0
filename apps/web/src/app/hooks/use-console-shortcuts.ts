import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useShortcuts, useSuspendShortcuts, type ShortcutMap } from '@/lib/shortcuts';
import { areaShortcuts } from '../components/keyboard-shortcuts';

/**
 * The shortcuts of the whole console (issue 19): `g` then an area's letter goes to the area,
 * `?` opens the help. Mounted by the shell, so never on the sign-in screen (its type-to-focus
 * keeps every letter). No key is a shortcut while the palette is open or opening: its field
 * takes what is typed, even before it has the focus.
 */
export function useConsoleShortcuts({ isPaletteOpen }: { isPaletteOpen: boolean }) {
  const navigate = useNavigate();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  useSuspendShortcuts(isPaletteOpen);

  const shortcuts = useMemo((): ShortcutMap => {
    const goTo = Object.fromEntries(
      areaShortcuts.map((area) => [`g ${area.letter}`, () => void navigate(area.to)]),
    );
    return { ...goTo, '?': () => setHelpOpen(true) };
  }, [navigate]);
  useShortcuts(shortcuts);

  return { isHelpOpen, openHelp, closeHelp };
}
