import type {
  MemberFixCheck,
  TMemberFixFindingsPage,
  TMemberFixFindingsQuery,
  TMemberFixResult,
} from '@ops/contract';
import type { z } from 'zod';
import type { Actor } from '../../db/audit';
import type { Db } from './fix-member';

/** A page of check C's findings, without what the registry adds (`check`, `offset`, `limit`). */
export type MemberFixFindings<C extends MemberFixCheck> = Omit<
  Extract<TMemberFixFindingsPage, { check: C }>,
  'check' | 'offset' | 'limit'
>;

/** A check's repair: what its route (`POST /api/members/fixes/<check>/repair`) takes and does. */
export type MemberFixRepair<Body extends z.ZodType = z.ZodType> = {
  /** The route's OpenAPI summary. */
  summary: string;
  /** The request body, validated before `run` sees it. */
  body: Body;
  /** The write, in its own transaction. (A method, so every repair fits the registry's type.) */
  run(db: Db, actor: Actor, input: z.infer<Body>): Promise<TMemberFixResult>;
};

/**
 * One check of `memberFixChecks`: how many findings there are (the summary), a page of them with
 * the proposed repair in words (the findings), and the repair itself where the check has one.
 */
export type MemberFixCheckOperations<C extends MemberFixCheck> = {
  count(db: Db): Promise<number>;
  find(db: Db, query: TMemberFixFindingsQuery): Promise<MemberFixFindings<C>>;
  repair?: MemberFixRepair;
};
