import { savedViewLists, type SavedViewListName } from '@ops/contract/saved-view-lists';
import { activityLiveTables } from '@/lib/activity-live-tables';
import type { SidebarEntry } from '../components/sidebar';
import { isEntryActive } from './sidebar-entry-match';

/**
 * The sidebar entry a list's saved views show under: the entry of the list's path, or the
 * entry whose screens include it (countries, operators and bank accounts have none of their
 * own and belong to Settings); null when no entry covers it.
 */
export function entryOfList(
  list: SavedViewListName,
  entries: readonly SidebarEntry[],
): SidebarEntry | null {
  const { path } = savedViewLists[list];
  return (
    entries.find((entry) => entry.to === path) ??
    entries.find((entry) => !entry.end && isEntryActive(entry, path)) ??
    null
  );
}

/** The views under each sidebar entry (by its `to`), in the order given (the server's). */
export function groupViewsByEntry<View extends { list: SavedViewListName }>(
  views: readonly View[],
  entries: readonly SidebarEntry[],
): Map<string, View[]> {
  const groups = new Map<string, View[]>();
  for (const view of views) {
    const entry = entryOfList(view.list, entries);
    if (!entry) continue;
    groups.set(entry.to, [...(groups.get(entry.to) ?? []), view]);
  }
  return groups;
}

/**
 * The change-feed tables each list follows (its definition's `liveTables`): the sidebar's
 * counts refresh when they change, also while the list itself is not open. The list
 * definitions are in the screens' chunks, so the names are repeated here; saved-view-groups.test
 * checks them against the definitions.
 */
export const savedViewListTables: Record<SavedViewListName, readonly string[]> = {
  members: ['members', 'countries'],
  applications: ['applications', 'countries'],
  invoices: ['invoices'],
  payments: ['stripe_invoices'],
  'bank-statements': ['bank_statements'],
  certificates: ['certificates'],
  users: ['users', 'operators'],
  emails: ['emails'],
  activity: activityLiveTables,
  operators: ['operators', 'users'],
  countries: ['countries', 'members'],
  'bank-accounts': ['bank_accounts'],
};

/** What a list's rows are called, for the counts read to screen readers ("12 members"). */
export const savedViewListNouns: Record<SavedViewListName, { one: string; many: string }> = {
  members: { one: 'member', many: 'members' },
  applications: { one: 'application', many: 'applications' },
  invoices: { one: 'invoice', many: 'invoices' },
  payments: { one: 'card payment', many: 'card payments' },
  'bank-statements': { one: 'bank statement', many: 'bank statements' },
  certificates: { one: 'certificate', many: 'certificates' },
  users: { one: 'user', many: 'users' },
  emails: { one: 'e-mail', many: 'e-mails' },
  activity: { one: 'entry', many: 'entries' },
  operators: { one: 'operator', many: 'operators' },
  countries: { one: 'country', many: 'countries' },
  'bank-accounts': { one: 'bank account', many: 'bank accounts' },
};
