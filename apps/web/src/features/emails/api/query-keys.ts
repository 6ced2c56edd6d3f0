import { areaKeys } from '@/lib/query-keys';

/** The e-mail log: its list views and each e-mail's detail. */
export const emailQueryKeys = areaKeys('emails');
