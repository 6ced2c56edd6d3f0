import { areaKeys } from '@/lib/query-keys';

/** The members area: its list views, each member's detail and the edit form's options. */
export const memberQueryKeys = areaKeys('members');

/** The fixes screen: the summary and each check's pages (apart from the members area). */
export const memberFixesQueryKeys = areaKeys('member-fixes');
