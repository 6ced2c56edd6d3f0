import { areaKeys } from '@/lib/query-keys';

const searchKeys = areaKeys('search');

/** The palette's searches, keyed by the normalized text. */
export const searchQueryKeys = {
  all: searchKeys.all,
  query: (q: string) => searchKeys.of(q),
};

// Not under ['search', …]: that prefix is the palette's, keyed by the typed text.
const searchIndexesKeys = areaKeys('search-indexes');

/** The search indexes screen: the indexes with their stats, rebuild tasks, test queries. */
export const searchIndexesQueryKeys = {
  all: searchIndexesKeys.all,
  list: searchIndexesKeys.lists,
  task: (uid: number) => searchIndexesKeys.of('task', uid),
  test: (q: string) => searchIndexesKeys.of('test', q),
};
