/**
 * Whether the person at this console is doing something. The server ends a session unused for
 * SESSION_IDLE_MINUTES, and only a person's own requests count as use: a list that refetches by
 * itself because someone else changed a record must not keep an abandoned console signed in
 * forever. So a read made while the person has not touched the page for a minute says so
 * (`x-ops-background`, the contract's `backgroundRequestHeader`), and the server checks the
 * session without counting it as activity. Writes always count.
 */
export const backgroundRequestHeader = 'x-ops-background';

/** No input for this long: the reads the page makes are its own, not the person's. */
export const personIdleAfterMs = 60_000;

let lastInputAt = performance.now();
let isListening = false;

/** Records the person's input now (keys, pointer, wheel, touch, coming back to the tab). */
export function noteActivity(): void {
  lastInputAt = performance.now();
}

function listenForInput(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const) {
    window.addEventListener(type, noteActivity, { capture: true, passive: true });
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') noteActivity();
  });
}

export function isPersonIdle(now = performance.now()): boolean {
  listenForInput();
  return now - lastInputAt > personIdleAfterMs;
}
