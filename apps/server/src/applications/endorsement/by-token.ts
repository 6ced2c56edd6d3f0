import type { Kysely } from 'kysely';
import { sha256 } from '../../auth';
import type { Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { ApplicationRow } from '../detail';
import type { Trx } from '../workflow/context';
import type { EndorsementLinkRow } from './links';

type Db = Kysely<Database> | Trx;

/** The audit trail's actor for what the association does through its link (no user). */
export const endorsementLinkActor: Actor = { kind: 'endorsement-link', uid: null };

/** One answer for every token that is no link: nothing about whether it ever was one. */
export const unknownEndorsementLink = () =>
  new AppError('not-found', 'There is no endorsement link with this address.');

/**
 * The link a token names and its application, found by the token's sha256 (the table has no
 * clear token to compare with); `forUpdate` locks both for an answer.
 */
export async function findLinkByToken(
  db: Db,
  token: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ link: EndorsementLinkRow; application: ApplicationRow }> {
  let linkQuery = db
    .selectFrom('endorsement_links')
    .selectAll()
    .where('token_hash', '=', sha256(token));
  if (options.forUpdate) linkQuery = linkQuery.forUpdate();
  const link = await linkQuery.executeTakeFirst();
  if (!link) throw unknownEndorsementLink();
  let applicationQuery = db
    .selectFrom('applications')
    .selectAll()
    .where('aid', '=', link.aid)
    .where('deleted_at', 'is', null);
  if (options.forUpdate) applicationQuery = applicationQuery.forUpdate();
  const application = await applicationQuery.executeTakeFirst();
  if (!application) throw unknownEndorsementLink();
  return { link, application };
}
