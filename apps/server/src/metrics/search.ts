import { Histogram, type Registry } from 'prom-client';

/** Seconds; search-as-you-type wants its answer well within 50 ms. */
const searchBuckets = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2];

export type SearchMetrics = { duration: Histogram<'outcome'> };

export function searchMetrics(registry: Registry): SearchMetrics {
  return {
    duration: new Histogram({
      name: 'operations_search_query_duration_seconds',
      help: 'Time of the search service query (the staged search in PostgreSQL), by outcome (ok, error).',
      labelNames: ['outcome'],
      buckets: searchBuckets,
      registers: [registry],
    }),
  };
}

/** Times one search query. */
export async function timeSearch<T>(metrics: SearchMetrics, query: () => Promise<T>): Promise<T> {
  const end = metrics.duration.startTimer();
  try {
    const result = await query();
    end({ outcome: 'ok' });
    return result;
  } catch (error) {
    end({ outcome: 'error' });
    throw error;
  }
}
