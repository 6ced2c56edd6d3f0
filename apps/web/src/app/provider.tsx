import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isNetworkError } from '@ops/ui/network-error';

const maxNetworkRetries = 3;

/** The query client of the app, with defaults every feature's queries share. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data stays fresh for 30 s, so going back to a screen or to a list page kept on screen
        // with `placeholderData: keepPreviousData` does not refetch at once. Lists opt into
        // keepPreviousData in their own queryOptions: as a global default it would show the
        // previous record on a detail screen while the next one loads.
        staleTime: 30_000,
        // Only a request that never reached the server is worth repeating; an HTTP error answer
        // (400, 403, 404, 500...) would come back the same.
        retry: (failureCount, error) => isNetworkError(error) && failureCount < maxNetworkRetries,
      },
      mutations: {
        // Writes are not idempotent in general: never repeat one behind the user's back.
        retry: false,
      },
    },
  });
}

export type AppProviderProps = {
  children: ReactNode;
  /** A client made by the caller (tests); by default the provider makes its own. */
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
