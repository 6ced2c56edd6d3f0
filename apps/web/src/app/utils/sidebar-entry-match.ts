import { matchPath } from 'react-router';
import type { SidebarEntry } from '../components/sidebar';

/** Whether the entry is the current view: its URL or anything nested in it (or in alsoActiveOn). */
export function isEntryActive(entry: SidebarEntry, pathname: string): boolean {
  const patterns = [
    entry.end ? entry.to : `${entry.to.replace(/\/$/, '')}/*`,
    ...(entry.alsoActiveOn ?? []),
  ];
  return patterns.some((pattern) => matchPath(pattern, pathname) !== null);
}
