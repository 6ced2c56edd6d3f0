import { areaKeys } from '@/lib/query-keys';

/** Backups (issue 20): the settings and the list, one query. */
export const backupQueryKeys = areaKeys('backups');

/** The Jobs screen's keys, by their root (features do not import each other). */
export const jobQueryKeys = areaKeys('jobs');
