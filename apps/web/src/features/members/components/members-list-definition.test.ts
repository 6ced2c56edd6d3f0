import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { shapeOf } from '@/components/data-list';
import { membersListDefinition } from './members-list-definition';

describe('the members list definition', () => {
  const shape = shapeOf(membersListDefinition);

  it('sorts by exactly the columns the API sorts by (but the row ids, which serve the selection)', () => {
    const apiSorts = contract.memberListSorts.filter((field) => field !== 'mid');
    expect([...shape.sortFields].sort()).toEqual([...apiSorts].sort());
  });

  it('offers filters the API takes (the row ids filter serves the selection)', () => {
    const apiFilters = Object.keys(contract.ZMembersListQuery.shape).filter(
      (name) => !(name in contract.ZListQuery.shape) && name !== 'mid',
    );
    expect([...shape.filterNames].sort()).toEqual(apiFilters.sort());
  });
});
