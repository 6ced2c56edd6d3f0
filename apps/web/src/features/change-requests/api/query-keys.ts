import { areaKeys } from '@/lib/query-keys';

/** The change requests area (issue 35): the queue's views and each request's detail. */
export const changeRequestQueryKeys = areaKeys('change-requests');

/**
 * The keys of the areas a decision changes, by their roots (features do not import each
 * other): the member it wrote to, and the start page's counts of pending requests.
 */
export const memberQueryKeys = areaKeys('members');
export const homeQueryKeys = areaKeys('home');
