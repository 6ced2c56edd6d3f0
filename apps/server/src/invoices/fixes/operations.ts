import type {
  InvoiceFixCheck,
  TInvoiceFixFindingsPage,
  TInvoiceFixFindingsQuery,
  TInvoiceFixResult,
} from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../db/audit';
import { lockRecord, type RecordRow } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';

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

/**
 * Declares a repair of one invoice, the body's `iid`: in one transaction, the invoice locked at
 * the version the person saw (`lockRecord`, 409 when it changed since), then `change` of it. The
 * repairs of one invoice (no member, totals, a duplicate) all start so.
 */
export function defineInvoiceRepair<
  Body extends z.ZodType<{ iid: string; version: number }>,
>(repair: {
  summary: string;
  body: Body;
  change(
    trx: Trx,
    actor: Actor,
    before: RecordRow<'invoices'>,
    input: z.infer<Body>,
  ): Promise<TInvoiceFixResult>;
}): InvoiceFixRepair<Body> {
  return defineRepair({
    summary: repair.summary,
    body: repair.body,
    run(db, actor, input) {
      return writeTransaction(db, async (trx) => {
        const before = await lockRecord(trx, 'invoices', input.iid, { version: input.version });
        return repair.change(trx, actor, before, input);
      });
    },
  });
}
