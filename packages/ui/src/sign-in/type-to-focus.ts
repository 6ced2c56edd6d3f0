/** The parts of a keydown event that decide whether it is someone starting to type. */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
};

/** The parts of the focused element that tell whether it takes text. */
export type FocusedElement = { tagName: string; isContentEditable?: boolean } | null;

const textInputTags = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Spec §2 step 8: a letter or a digit typed while no input has the focus goes to the e-mail
 * field. Shortcuts (Ctrl, Cmd, Alt) and keys like Tab, Enter or Space keep their meaning.
 */
export function shouldFocusEmailInput(press: KeyPress, focused: FocusedElement): boolean {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return false;
  if (!/^[\p{L}\p{N}]$/u.test(press.key)) return false;
  if (focused === null) return true;
  return !textInputTags.has(focused.tagName.toUpperCase()) && !focused.isContentEditable;
}
