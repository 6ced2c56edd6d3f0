import { describe, expect, it } from 'vitest';
import {
  getPaletteShortcutHint,
  isApplePlatform,
  isPaletteShortcut,
  type ShortcutKeyEvent,
} from './palette-shortcut';

const none = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, isComposing: false };
const keyK = { key: 'k', code: 'KeyK' };

function press(event: Partial<ShortcutKeyEvent>): boolean {
  return isPaletteShortcut({ ...none, ...keyK, ...event });
}

describe('isPaletteShortcut', () => {
  it('accepts Ctrl+K and Cmd+K, on any platform', () => {
    expect(press({ ctrlKey: true })).toBe(true);
    expect(press({ metaKey: true })).toBe(true);
    // Caps Lock on
    expect(press({ ctrlKey: true, key: 'K' })).toBe(true);
  });

  it('refuses K alone, other letters and other modifier combinations', () => {
    expect(press({})).toBe(false);
    expect(press({ ctrlKey: true, key: 'j', code: 'KeyJ' })).toBe(false);
    expect(press({ ctrlKey: true, shiftKey: true, key: 'K' })).toBe(false);
    expect(press({ ctrlKey: true, altKey: true })).toBe(false);
    expect(press({ metaKey: true, altKey: true })).toBe(false);
    expect(press({ ctrlKey: true, metaKey: true })).toBe(false);
  });

  it('ignores keys typed while an input method composes text', () => {
    expect(press({ ctrlKey: true, isComposing: true })).toBe(false);
  });

  it('takes the physical K key on a non-Latin layout, the letter on a Latin one', () => {
    expect(press({ ctrlKey: true, key: 'л', code: 'KeyK' })).toBe(true);
    expect(press({ ctrlKey: true, key: 'κ', code: 'KeyK' })).toBe(true);
    // Dvorak: the key where QWERTY has K types T; K itself sits where QWERTY has V.
    expect(press({ ctrlKey: true, key: 't', code: 'KeyK' })).toBe(false);
    expect(press({ ctrlKey: true, key: 'k', code: 'KeyV' })).toBe(true);
  });
});

describe('getPaletteShortcutHint', () => {
  it.each(['macOS', 'MacIntel', 'iPhone', 'iPad'])('says ⌘ K on %s', (platform) => {
    expect(isApplePlatform(platform)).toBe(true);
    expect(getPaletteShortcutHint(platform)).toEqual({ label: '⌘ K', ariaKeyShortcuts: 'Meta+K' });
  });

  it.each(['Linux x86_64', 'Linux', 'Win32', 'Windows', 'Android', ''])(
    'says Ctrl K on "%s"',
    (platform) => {
      expect(isApplePlatform(platform)).toBe(false);
      expect(getPaletteShortcutHint(platform)).toEqual({
        label: 'Ctrl K',
        ariaKeyShortcuts: 'Control+K',
      });
    },
  );
});
