import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { followWrite } from './mutation';
import { areaKeys } from './query-keys';

describe('followWrite', () => {
  const keys = areaKeys('invoices');

  it('shows the answer at once, then marks what it made stale by key', () => {
    const client = new QueryClient();
    client.setQueryData(keys.list('sort=number'), { rows: 1 });
    client.setQueryData(keys.detail('i2'), { iid: 'i2' });
    client.setQueryData(['audit', 'invoices', 'i1'], []);

    followWrite(
      client,
      [[keys.detail('i1'), { iid: 'i1', version: 2 }]],
      [keys.lists, ['audit', 'invoices', 'i1']],
    );

    expect(client.getQueryData(keys.detail('i1'))).toEqual({ iid: 'i1', version: 2 });
    const isStale = (queryKey: readonly unknown[]) =>
      client.getQueryState(queryKey)?.isInvalidated ?? null;
    expect(isStale(keys.list('sort=number'))).toBe(true);
    expect(isStale(['audit', 'invoices', 'i1'])).toBe(true);
    // Neither the answered detail nor another one is reached by the list's key.
    expect(isStale(keys.detail('i1'))).toBe(false);
    expect(isStale(keys.detail('i2'))).toBe(false);
  });
});
