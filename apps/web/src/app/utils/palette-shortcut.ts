/** The parts of a keydown event that decide whether it is the palette's shortcut. */
export type ShortcutKeyEvent = Pick<
  KeyboardEvent,
  'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'
>;

/**
 * Spec §2: Ctrl+K or Cmd+K opens and closes the search palette, on every platform (a Mac user
 * with a PC keyboard presses Ctrl). With Shift or Alt it is another shortcut (Ctrl+Shift+K is a
 * browser's console), and a key typed while an input method composes text is not a shortcut.
 */
export function isPaletteShortcut(event: ShortcutKeyEvent): boolean {
  if (event.isComposing || event.altKey || event.shiftKey) return false;
  if (event.ctrlKey === event.metaKey) return false; // neither, or both
  const key = event.key.toLowerCase();
  if (key === 'k') return true;
  // On a non-Latin layout (Cyrillic, Greek...) `key` is the letter typed; the physical K key
  // still counts. On a Latin layout the letter decides (Dvorak's K is elsewhere).
  return !/^[a-z]$/.test(key) && event.code === 'KeyK';
}

/** How the shortcut is written for a platform, and its `aria-keyshortcuts` value. */
export type PaletteShortcutHint = { label: string; ariaKeyShortcuts: string };

/** Apple platforms say Cmd (⌘); everyone else Ctrl. */
export function isApplePlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

export function getPaletteShortcutHint(platform: string): PaletteShortcutHint {
  return isApplePlatform(platform)
    ? { label: '⌘ K', ariaKeyShortcuts: 'Meta+K' }
    : { label: 'Ctrl K', ariaKeyShortcuts: 'Control+K' };
}

/** The browser's platform name ('macOS', 'MacIntel', 'Linux x86_64', 'Win32'), or '' outside one. */
export function getBrowserPlatform(): string {
  if (typeof navigator === 'undefined') return '';
  // userAgentData (Chromium) is the maintained source; navigator.platform is frozen but present.
  const { userAgentData } = navigator as Navigator & { userAgentData?: { platform?: string } };
  return userAgentData?.platform || navigator.platform || '';
}
