import { useRouteError } from 'react-router';
import { HomeLink } from './components/home-link';
import { getErrorMessage } from '@ops/ui/error-message';

/** Error element of the routes: a screen that failed (or failed to load) shows this card. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div
      role="alert"
      className="max-w-xl rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 shadow-sm"
    >
      {/* Spec §2 spells the title this way. */}
      <h2 className="text-base font-semibold">An error occured</h2>
      <p className="mt-2 text-sm break-words">{getErrorMessage(error)}</p>
      <p className="mt-4 text-sm">
        <HomeLink tone="alert">Back to Ops</HomeLink>
      </p>
    </div>
  );
}
