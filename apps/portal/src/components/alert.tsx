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
