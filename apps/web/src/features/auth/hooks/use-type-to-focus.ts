import { useEffect, type RefObject } from 'react';
import { shouldFocusEmailInput } from '@ops/ui/sign-in/type-to-focus';

/**
 * Spec §2 step 8: a letter or digit typed while no input has the focus moves the focus to
 * `input`, and the key lands there (the browser types into the newly focused field).
 */
export function useTypeToFocus(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = input.current;
      if (!target || event.defaultPrevented) return;
      const focused = document.activeElement;
      const focusedElement =
        focused instanceof HTMLElement && focused !== document.body ? focused : null;
      if (shouldFocusEmailInput(event, focusedElement)) target.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}
