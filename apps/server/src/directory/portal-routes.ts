import {
  ZDirectoryCountries,
  ZDirectoryEntry,
  ZDirectoryEntryUpdate,
  ZDirectoryPage,
  ZDirectoryQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalMemberRoutes } from '../members';
import { directoryCountries } from './countries';
import { getDirectoryEntry, updateDirectoryEntry } from './entry';
import { searchDirectory } from './search';

/** How long the public and shared caches keep a directory page: a change shows within it. */
export const directoryCacheSeconds = 60;

/**
 * The public member directory on the portal (issue 35): the member's entry (owners and admins
 * choose), and the search anyone may run, without a session, cached a minute and limited per
 * address (the shared limiter, across instances) before anything is read.
 */
export const portalDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'directory');
  const { db, pool, config } = app.deps;

  route.read({
    url: '/api/directory-entry',
    summary:
      "The member's directory entry: listed or not (off until turned on), what it shows, whether the public sees it now, and its preview",
    response: ZDirectoryEntry,
    handler: (member) => getDirectoryEntry(db, member, config.publicUrl),
  });

  route.write({
    method: 'PUT',
    url: '/api/directory-entry',
    summary:
      'List the member in the public directory or not, and choose the fields it shows (owners and admins), with the version read',
    body: ZDirectoryEntryUpdate,
    response: ZDirectoryEntry,
    handler: (member, { body, uid }) =>
      updateDirectoryEntry(db, member, uid, body, config.publicUrl),
  });

  app.get(
    '/api/directory/countries',
    {
      config: { access: 'public' as const },
      schema: {
        tags: ['directory'],
        summary:
          "The countries of the members the public directory shows, for its country filter; cached a minute, limited per address with the directory's searches",
        response: { 200: ZDirectoryCountries },
      },
    },
    async (request, reply) => {
      await app.deps.throttle.consume('directoryPerIp', request.ip);
      return reply
        .header(
          'cache-control',
          `public, max-age=${directoryCacheSeconds}, stale-while-revalidate=${directoryCacheSeconds}`,
        )
        .send(await directoryCountries(db));
    },
  );

  app.get(
    '/api/directory',
    {
      config: { access: 'public' as const },
      schema: {
        tags: ['directory'],
        summary:
          'The public member directory: opted-in active members by name (typos forgiven), country, region and category; 20 per page, no e-mail addresses; cached a minute, limited per address',
        querystring: ZDirectoryQuery,
        response: { 200: ZDirectoryPage },
      },
    },
    async (request, reply) => {
      await app.deps.throttle.consume('directoryPerIp', request.ip);
      const page = await searchDirectory(db, pool, request.query, config.publicUrl);
      return reply
        .header(
          'cache-control',
          `public, max-age=${directoryCacheSeconds}, stale-while-revalidate=${directoryCacheSeconds}`,
        )
        .send(page);
    },
  );
};
