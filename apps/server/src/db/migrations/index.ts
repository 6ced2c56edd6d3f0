import type { Migration } from 'kysely';
import * as coreTables from './0001-core-tables';
import * as auth from './0002-auth';
import * as search from './0003-search';
import * as changeFeed from './0004-change-feed';
import * as memberList from './0005-member-list';

/**
 * Every migration of this build, in order. Listed statically (not read from the file system) so
 * that the bundled server carries them. Add a file and a line here; never edit an applied one.
 */
export const migrations: Record<string, Migration> = {
  '0001-core-tables': coreTables,
  '0002-auth': auth,
  '0003-search': search,
  '0004-change-feed': changeFeed,
  '0005-member-list': memberList,
};
