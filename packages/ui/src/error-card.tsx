import type { ReactNode } from 'react';

/** A failed action: the spec's card titled 'An error occured' (its spelling) with the message. */
export function ErrorCard({
  message,
  title = 'An error occured',
  children,
}: {
  message: string;
  title?: string;
  /** Ways out, e.g. a 'Try again' button. */
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 shadow-sm"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{message}</p>
      {children ? <div className="mt-3">{children}</div> : null}
    </div>
  );
}
