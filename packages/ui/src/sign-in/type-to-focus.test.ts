import { describe, expect, it } from 'vitest';
import { shouldFocusEmailInput, type KeyPress } from './type-to-focus';

function press(key: string, modifiers: Partial<KeyPress> = {}): KeyPress {
  return { key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers };
}

const body = { tagName: 'BODY' };
const button = { tagName: 'BUTTON' };

describe('shouldFocusEmailInput (spec §2 step 8)', () => {
  it.each(['a', 'Z', '7', 'é', 'ß'])('moves to the e-mail input on %j typed on the page', (key) => {
    expect(shouldFocusEmailInput(press(key), body)).toBe(true);
    expect(shouldFocusEmailInput(press(key), null)).toBe(true);
    expect(shouldFocusEmailInput(press(key), button)).toBe(true);
  });

  it.each(['Tab', 'Enter', ' ', 'Escape', 'ArrowDown', '@', '.', 'F5'])(
    'leaves %j alone',
    (key) => {
      expect(shouldFocusEmailInput(press(key), body)).toBe(false);
    },
  );

  it('leaves shortcuts alone', () => {
    expect(shouldFocusEmailInput(press('k', { ctrlKey: true }), body)).toBe(false);
    expect(shouldFocusEmailInput(press('k', { metaKey: true }), body)).toBe(false);
    expect(shouldFocusEmailInput(press('k', { altKey: true }), body)).toBe(false);
    expect(shouldFocusEmailInput(press('k', { isComposing: true }), body)).toBe(false);
  });

  it('does nothing while an input already has the focus', () => {
    expect(shouldFocusEmailInput(press('a'), { tagName: 'INPUT' })).toBe(false);
    expect(shouldFocusEmailInput(press('a'), { tagName: 'textarea' })).toBe(false);
    expect(shouldFocusEmailInput(press('a'), { tagName: 'SELECT' })).toBe(false);
    expect(shouldFocusEmailInput(press('a'), { tagName: 'DIV', isContentEditable: true })).toBe(
      false,
    );
  });
});
