import { savedViewListNames, type SavedViewListName } from '@ops/contract/saved-view-lists';
import { describe, expect, it } from 'vitest';
import type { DataListDefinition } from '@/components/data-list';
import { activityListDefinition } from '@/features/activity/components/activity-list-definition';
import { applicationsListDefinition } from '@/features/applications/components/applications-list-definition';
import { bankStatementsListDefinition } from '@/features/bank-statements/components/bank-statements-list-definition';
import { certificatesListDefinition } from '@/features/certificates/components/certificates-list-definition';
import { emailsListDefinition } from '@/features/emails/components/emails-list-definition';
import { invoicesListDefinition } from '@/features/invoices/components/invoices-list-definition';
import { membersListDefinition } from '@/features/members/components/members-list-definition';
import { operatorsListDefinition } from '@/features/operators/components/operators-list-definition';
import { paymentsListDefinition } from '@/features/payments/components/payments-list-definition';
import { bankAccountsListDefinition } from '@/features/settings/components/bank-accounts-list-definition';
import { countriesListDefinition } from '@/features/settings/components/countries-list-definition';
import { usersListDefinition } from '@/features/users/components/users-list-definition';
import { areas } from '@/config/screens';
import { sidebarEntriesOf } from '../components/sidebar';
import {
  entryOfList,
  groupViewsByEntry,
  savedViewListNouns,
  savedViewListTables,
} from './saved-view-groups';

const entries = sidebarEntriesOf(areas);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const definitions: Record<SavedViewListName, DataListDefinition<any>> = {
  members: membersListDefinition,
  applications: applicationsListDefinition,
  invoices: invoicesListDefinition,
  payments: paymentsListDefinition,
  'bank-statements': bankStatementsListDefinition,
  certificates: certificatesListDefinition,
  users: usersListDefinition,
  emails: emailsListDefinition,
  activity: activityListDefinition(undefined),
  operators: operatorsListDefinition,
  countries: countriesListDefinition,
  'bank-accounts': bankAccountsListDefinition,
};

describe('saved views in the sidebar', () => {
  it('puts each list under its own entry, and lists without one under Settings', () => {
    const entryOf = (list: SavedViewListName) => entryOfList(list, entries)?.label;
    expect(entryOf('members')).toBe('Members');
    expect(entryOf('payments')).toBe('Payments');
    expect(entryOf('bank-statements')).toBe('Bank statements');
    expect(entryOf('activity')).toBe('Activity');
    expect(entryOf('countries')).toBe('Settings');
    expect(entryOf('operators')).toBe('Settings');
    expect(entryOf('bank-accounts')).toBe('Settings');
    // Every list has an entry: no saved view is left out of the sidebar.
    for (const list of savedViewListNames) expect(entryOf(list), list).toBeDefined();
  });

  it('groups the views by entry, keeping their order', () => {
    const views = [
      { id: 'a', list: 'members' as const },
      { id: 'b', list: 'countries' as const },
      { id: 'c', list: 'members' as const },
      { id: 'd', list: 'operators' as const },
    ];
    const groups = groupViewsByEntry(views, entries);
    expect(groups.get('/members')?.map((view) => view.id)).toEqual(['a', 'c']);
    expect(groups.get('/settings')?.map((view) => view.id)).toEqual(['b', 'd']);
    expect(groups.get('/invoices')).toBeUndefined();
  });

  it('follows the tables, and says the nouns, of each list as its definition does', () => {
    for (const list of savedViewListNames) {
      const definition = definitions[list];
      expect(definition.name, list).toBe(list);
      expect([...savedViewListTables[list]].sort(), list).toEqual(
        [...definition.liveTables].sort(),
      );
      expect(savedViewListNouns[list], list).toEqual(definition.noun);
    }
  });
});
