import { areaKeys } from '@/lib/query-keys';

/** The applications area: its list views and each application's detail. */
export const applicationQueryKeys = areaKeys('applications');
