/**
 * The one shape of the cache's keys. Every area's keys come from `areaKeys(root)`, so that
 * invalidating `all` reaches everything the area shows (its lists, its details and what else it
 * caches under `of(...)`), and `lists` every view of its list without its details:
 *
 *   areaKeys('members').all            ['members']
 *   areaKeys('members').lists          ['members', 'list']
 *   areaKeys('members').list(params)   ['members', 'list', params]
 *   areaKeys('members').details        ['members', 'detail']
 *   areaKeys('members').detail(mid)    ['members', 'detail', mid]
 *   areaKeys('members').of('x', 1)     ['members', 'x', 1]
 *
 * Keys that are no area's (the session, record histories, the search palette) use the same
 * factory under a root of their own. A root is a plain string, so one area may invalidate
 * another's keys without importing it (features do not import each other).
 */
export type AreaKeys<Root extends string> = {
  all: readonly [Root];
  lists: readonly [Root, 'list'];
  list: <Params>(params: Params) => readonly [Root, 'list', Params];
  details: readonly [Root, 'detail'];
  detail: <Id>(id: Id) => readonly [Root, 'detail', Id];
  of: <const Parts extends readonly unknown[]>(...parts: Parts) => readonly [Root, ...Parts];
};

export function areaKeys<const Root extends string>(root: Root): AreaKeys<Root> {
  return {
    all: [root],
    lists: [root, 'list'],
    list: (params) => [root, 'list', params],
    details: [root, 'detail'],
    detail: (id) => [root, 'detail', id],
    of: (...parts) => [root, ...parts],
  };
}
