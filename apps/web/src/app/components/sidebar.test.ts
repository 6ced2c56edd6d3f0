import { describe, expect, it } from 'vitest';
import { areas } from '@/config/screens';
import { sidebarEntriesOf } from './sidebar';

describe('the sidebar of the area registry', () => {
  it('has the entries of spec §2, each current on the URLs of its area and its group', () => {
    expect(sidebarEntriesOf(areas)).toEqual([
      { label: 'Ops', to: '/', end: true },
      { label: 'Applications', to: '/applications' },
      { label: 'Members', to: '/members' },
      // Issue 35 adds the members' change requests from the portal right after Members.
      { label: 'Change requests', to: '/change-requests' },
      { label: 'Certificates', to: '/certificates' },
      { label: 'Invoices', to: '/invoices' },
      { label: 'Payments', to: '/stripe-invoices' },
      // Issue 16 adds Bank statements right after Payments.
      { label: 'Bank statements', to: '/bank-statements' },
      { label: 'Users', to: '/users' },
      { label: 'E-mails', to: '/emails' },
      // Issue 18 adds Reports after the business areas, before Settings.
      { label: 'Reports', to: '/reports' },
      // Issue 18 adds Activity (the audit trail of every record) after Reports.
      { label: 'Activity', to: '/activity' },
      // /countries renders inside the settings view; operators and search indexes have no
      // entry of their own and are reached from the settings home.
      {
        label: 'Settings',
        to: '/settings',
        alsoActiveOn: ['/countries/*', '/operators/*', '/search/indexes'],
      },
    ]);
  });

  it('groups areas only under an area that has an entry', () => {
    for (const [name, area] of Object.entries(areas)) {
      if (!('sidebarGroup' in area)) continue;
      const group = areas[area.sidebarGroup as keyof typeof areas];
      expect(group && 'sidebar' in group, `${name} is grouped under ${area.sidebarGroup}`).toBe(
        true,
      );
    }
  });
});
