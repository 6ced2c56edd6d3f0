import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { shapeOf } from '@/components/data-list';
import { changeRequestsListDefinition } from './change-requests-list-definition';

describe('the change-request queue’s list definition', () => {
  const shape = shapeOf(changeRequestsListDefinition);

  it('sorts by exactly the columns the API sorts by, oldest first by default', () => {
    expect([...shape.sortFields].sort()).toEqual([...contract.changeRequestListSorts].sort());
    expect(shape.defaultSort).toBe('requestedAt');
  });

  it('offers the filters the API takes', () => {
    const apiFilters = Object.keys(contract.ZChangeRequestsListQuery.shape).filter(
      (name) => !(name in contract.ZListQuery.shape),
    );
    expect([...shape.filterNames].sort()).toEqual(apiFilters.sort());
  });

  it('shows the queue’s columns, in the order staff read a request', () => {
    expect(shape.defaultColumns).toEqual([
      'requestedAt',
      'memberName',
      'kind',
      'fields',
      'requestedBy',
      'status',
    ]);
  });
});
