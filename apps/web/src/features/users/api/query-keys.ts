import { areaKeys } from '@/lib/query-keys';

/** The users area: its list views and each user's detail. */
export const userQueryKeys = areaKeys('users');
