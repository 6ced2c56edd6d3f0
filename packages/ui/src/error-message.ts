import { isRouteErrorResponse } from 'react-router';

/** The text to show for anything thrown: an Error, a route error response, a string. */
export function getErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? `: ${error.data}` : '';
    return `${error.status} ${error.statusText}${detail}`.trim();
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}
