import { useState } from 'react';

/**
 * A value that lives in the URL, echoed locally: a checkbox answers the click at once, while
 * the router applies the new URL in a transition (a controlled input would otherwise show its
 * old state until then). A different value arriving from the URL replaces the echo.
 */
export function useEcho<T>(value: T): [T, (next: T) => void] {
  const [shown, setShown] = useState(value);
  const [source, setSource] = useState(value);
  if (JSON.stringify(source) !== JSON.stringify(value)) {
    setSource(value);
    setShown(value);
  }
  return [shown, setShown];
}
