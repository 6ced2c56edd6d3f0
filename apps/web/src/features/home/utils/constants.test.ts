import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { applicationStatusesAwaitingReview } from './constants';

describe('copies of contract values', () => {
  it('match the contract', () => {
    expect(applicationStatusesAwaitingReview).toEqual(contract.applicationStatusesAwaitingReview);
  });
});
