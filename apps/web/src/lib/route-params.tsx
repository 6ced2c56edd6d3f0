import type { ComponentType } from 'react';
import { useParams, type Params } from 'react-router';

function getRequiredParam(params: Params, name: string): string {
  const value = params[name];
  // A matched route always has the parameters its path declares; a miss is a wiring mistake.
  if (value === undefined) throw new Error(`The current route has no "${name}" parameter.`);
  return value;
}

/** One parameter of the matched route, for a screen that reads it itself (the e-mail detail). */
export function useRouteParam(name: string): string {
  return getRequiredParam(useParams(), name);
}

/**
 * Spec §2: "Route parameters are passed to screens as properties". Wraps a screen so that the
 * named parameters of the matched route arrive as its props; the screen itself knows nothing of
 * the router. The wrapped screen stays mounted when only a parameter changes (member a → b):
 * a screen with local state that belongs to one record keys that state by the id.
 */
export function withRouteParams<const Name extends string>(
  Screen: ComponentType<Record<Name, string>>,
  names: readonly Name[],
): ComponentType {
  function ScreenWithRouteParams() {
    const params = useParams();
    const props = Object.fromEntries(
      names.map((name) => [name, getRequiredParam(params, name)]),
    ) as Record<Name, string>;
    return <Screen {...props} />;
  }
  ScreenWithRouteParams.displayName = `withRouteParams(${Screen.displayName ?? Screen.name})`;
  return ScreenWithRouteParams;
}
