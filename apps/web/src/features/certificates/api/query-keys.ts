import { areaKeys } from '@/lib/query-keys';

/** The certificates area: its list views and each certificate's detail. */
export const certificateQueryKeys = areaKeys('certificates');
