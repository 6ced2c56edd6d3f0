import { areaKeys } from '@/lib/query-keys';

/** The operators area: its list views, each operator's detail, the grant form's user search. */
export const operatorQueryKeys = areaKeys('operators');
