import type { ReactNode } from 'react';

/**
 * Something the person must read now, such as why a step failed: said aloud by screen readers
 * (`role="alert"`), in the portal's one red with its AA contrast.
 */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
      {children}
    </p>
  );
}

/**
 * Something to notice before going on, not a failure (the record changed meanwhile, a search the
 * server refused): said aloud like an error (`role="alert"`), in the portal's amber.
 */
export function NoticeAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3">
      {children}
    </p>
  );
}
