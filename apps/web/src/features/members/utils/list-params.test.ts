import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import {
  memberCategories,
  memberListSorts,
  memberStatuses,
  selectedMembersParams,
} from './list-params';

describe('members list constants', () => {
  it('are the contract’s', () => {
    expect(memberStatuses).toEqual(contract.memberStatuses);
    expect(memberCategories).toEqual(contract.memberCategories);
    expect(memberListSorts).toEqual(contract.memberListSorts);
  });

  it('names selected members by id, each encoded', () => {
    expect(selectedMembersParams(['a1', 'b 2'])).toBe('mid=a1,b%202');
  });
});
