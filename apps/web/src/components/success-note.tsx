import type { ReactNode } from 'react';

/**
 * What a write just did, in a sentence (saved, sent, refunded…): announced as a status, in the
 * console's one success green. Callers show it while there is something to say.
 */
export function SuccessNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-emerald-800">
      {children}
    </p>
  );
}

/** A field's error under it, the text its control names in `aria-describedby`. */
export function FieldErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-red-700">
      {children}
    </p>
  );
}

/** Why the last attempt of a form failed, announced at once (role=alert), above its buttons. */
export function FailureText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
