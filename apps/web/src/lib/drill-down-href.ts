import type { TDrillDown } from '@ops/contract/drill-downs';
import { paths, withListQuery } from '@/config/paths';

/**
 * The URL of a drill-down (contract `drill-downs.ts`: the screen and the list's filters that a
 * report's figure or a start page count opens), built with the console's `paths`.
 */
export function hrefOfDrillDown(target: TDrillDown): string {
  switch (target.screen) {
    case 'member':
      return withListQuery(paths.member.getHref(target.params), target.query ?? {});
    case 'invoice':
      return paths.invoice.getHref(target.params);
    case 'bankStatementsUnmatched':
      return paths.bankStatementsUnmatched.getHref();
    default:
      return withListQuery(paths[target.screen].getHref(), target.query);
  }
}
