import { areaKeys } from '@/lib/query-keys';

/** The Jobs screen's keys: schedules and runs under one root, refreshed together. */
export const jobQueryKeys = areaKeys('jobs');
