import type { ReactNode } from 'react';
import { getAuthErrorMessage } from '@ops/ui/sign-in/auth-error-message';

/**
 * Spec §8: the amber 'Authentication Error' box, its text chosen by the error's code.
 * `children`: what the person can do about it, right under the message (a new sign-in link).
 */
export function AuthErrorBox({ error, children }: { error: unknown; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <h2 className="font-semibold">Authentication Error</h2>
      <p className="mt-1 break-words">{getAuthErrorMessage(error)}</p>
      {children ? <div className="mt-3">{children}</div> : null}
    </div>
  );
}
