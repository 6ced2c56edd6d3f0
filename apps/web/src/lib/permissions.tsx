import { can, type OperatorAction, type OperatorRole } from '@ops/contract/values';
import { createContext, use } from 'react';

// The contract's role table, from its zod-free subpath: browser code that every visitor loads
// may import values from @ops/contract/values, never from @ops/contract itself (its zod schemas
// would join the sign-in bundle; see api-client.ts).

export type { OperatorAction, OperatorRole };

/** The signed-in operator's roles; the auth gate provides them, live from the operator stream. */
export const OperatorRolesContext = createContext<readonly OperatorRole[]>([]);

/** Whether roles allow an action (the server checks it again on every request). */
export function canWith(roles: readonly OperatorRole[], action: OperatorAction): boolean {
  return can(roles, action);
}

/**
 * Whether the signed-in operator may perform the action: screens hide or disable what the
 * server would refuse.
 */
export function useCan(action: OperatorAction): boolean {
  return canWith(use(OperatorRolesContext), action);
}
