import { useState } from 'react';

/**
 * A Reload the person asked for, and whether it is still running. Busy means this click's
 * reload, not the query's `isFetching`: a refetch that the change stream or a save started in
 * the background would otherwise show the button busy, and a busy Button ignores clicks, so
 * the person's Reload did nothing (an end-to-end test caught it under load).
 */
export function useReload<T>(reload: () => Promise<T>): {
  isReloading: boolean;
  reload: () => Promise<T>;
} {
  const [isReloading, setIsReloading] = useState(false);
  return {
    isReloading,
    reload: async () => {
      setIsReloading(true);
      try {
        return await reload();
      } finally {
        setIsReloading(false);
      }
    },
  };
}
