import type { OperatorRole } from '@/lib/permissions';

// The roles' names: the one table per enumeration (lib/labels).
export { operatorRoleLabels } from '@/lib/labels';

/** What each role may do, in a line (the contract's permission table, said for people). */
export const operatorRoleHelp: Record<OperatorRole, string> = {
  admin: 'Everything, including operators',
  finance: 'Invoices, payments, bank accounts, e-mail retries',
  membership: 'Members, applications, certificates, users, countries',
  'read-only': 'Reads everything, changes nothing (a role of its own)',
};

export const operatorRoleOrder: readonly OperatorRole[] = [
  'admin',
  'finance',
  'membership',
  'read-only',
];

export const operatorFieldLabels: Readonly<Record<string, string>> = {
  roles: 'Roles',
  active: 'Active',
};
