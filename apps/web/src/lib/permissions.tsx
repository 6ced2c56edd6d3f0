import type * as contract from '@ops/contract';
import { createContext, use } from 'react';

// A copy of the contract's role table: browser code that every visitor loads imports only
// types from @ops/contract (see api-client.ts). permissions.test.ts checks it is the same.

export type OperatorRole = contract.OperatorRole;
export type OperatorAction = contract.OperatorAction;

const everyAction = [
  'members.edit',
  'applications.review',
  'certificates.manage',
  'users.manage',
  'operators.manage',
  'countries.edit',
  'bank-accounts.edit',
  'invoices.edit',
  'payments.manage',
  'emails.retry',
  'search.rebuild',
] as const satisfies typeof contract.operatorActions;

export const actionsByRole: Record<OperatorRole, readonly OperatorAction[]> = {
  admin: everyAction,
  finance: ['invoices.edit', 'payments.manage', 'bank-accounts.edit', 'emails.retry'],
  membership: [
    'members.edit',
    'applications.review',
    'certificates.manage',
    'users.manage',
    'countries.edit',
    'emails.retry',
  ],
  'read-only': [],
} satisfies typeof contract.actionsByRole;

/** The signed-in operator's roles; the auth gate provides them, live from the operator stream. */
export const OperatorRolesContext = createContext<readonly OperatorRole[]>([]);

/** Whether roles allow an action (the server checks it again on every request). */
export function canWith(roles: readonly OperatorRole[], action: OperatorAction): boolean {
  return roles.some((role) => actionsByRole[role]?.includes(action));
}

/**
 * Whether the signed-in operator may perform the action: screens hide or disable what the
 * server would refuse.
 */
export function useCan(action: OperatorAction): boolean {
  return canWith(use(OperatorRolesContext), action);
}
