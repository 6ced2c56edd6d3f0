import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { actionsByRole, canWith } from './permissions';

describe('permissions', () => {
  it('is the contract’s role table', () => {
    expect(actionsByRole).toEqual(contract.actionsByRole);
  });

  it('lets each role do only its actions, and several roles add up', () => {
    for (const role of contract.operatorRoles) {
      for (const action of contract.operatorActions) {
        expect(canWith([role], action), `${role} ${action}`).toBe(contract.can([role], action));
      }
    }
    expect(canWith(['read-only'], 'members.edit')).toBe(false);
    expect(canWith(['finance'], 'members.edit')).toBe(false);
    expect(canWith(['finance', 'membership'], 'members.edit')).toBe(true);
    expect(canWith([], 'emails.retry')).toBe(false);
  });
});
