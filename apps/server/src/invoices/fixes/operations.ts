import type {
  InvoiceFixCheck,
  TInvoiceFixFindingsPage,
  TInvoiceFixFindingsQuery,
  TInvoiceFixResult,
} from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../db/audit';
import type { Database } from '../../db/schema';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

/** What a repair needs to run rule 2 (certificates are e-mailed). */
export type FixContext = { publicUrl: string; mailFrom: string };

/** The findings of one check, as its page carries them. */
export type FindingsOf<C extends InvoiceFixCheck> = Extract<
  TInvoiceFixFindingsPage,
  { check: C }
>['findings'];

/** A repair as its route declares it: the body it takes, what it does in a line, and the work. */
export type InvoiceFixRepair<Body extends z.ZodType = z.ZodType> = {
  /** The route's OpenAPI summary. */
  summary: string;
  body: Body;
  // Method syntax on purpose: the registry holds repairs of different bodies side by side, and
  // the route validates the body with `body` before `run` sees it.
  run(db: Db, actor: Actor, input: z.infer<Body>, context: FixContext): Promise<TInvoiceFixResult>;
};

/** One check: how many findings it has, a page of them, and its repair (null: guidance only). */
export type InvoiceFixOperations<C extends InvoiceFixCheck> = {
  count: (db: Db) => Promise<number>;
  find: (
    db: Db,
    query: TInvoiceFixFindingsQuery,
  ) => Promise<{ count: number; findings: FindingsOf<C> }>;
  repair: InvoiceFixRepair | null;
};

/** Declares a repair, typing `run`'s input by the body schema. */
export function defineRepair<Body extends z.ZodType>(
  repair: InvoiceFixRepair<Body>,
): InvoiceFixRepair<Body> {
  return repair;
}
