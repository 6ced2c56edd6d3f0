import * as contract from '@ops/contract';
import { describe, expect, it } from 'vitest';
import {
  maxSearchQueryLength,
  paletteHitLimit,
  paletteTransitionInMs,
  paletteTransitionOutMs,
} from './constants';

describe('copies of contract values', () => {
  it('match the contract', () => {
    expect(paletteTransitionInMs).toBe(contract.constants.paletteTransitionInMs);
    expect(paletteTransitionOutMs).toBe(contract.constants.paletteTransitionOutMs);
    expect(paletteHitLimit).toBe(contract.searchLimits.defaultLimit);
    expect(maxSearchQueryLength).toBe(contract.searchLimits.maxQueryLength);
  });
});
