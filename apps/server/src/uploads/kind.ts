import type { TUploadProgress, UploadMapping, UploadMappingProblem } from '@ops/contract';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type pg from 'pg';
import type { Actor } from '../db/audit';
import type { Database } from '../db/schema';
import type { StatisticsLog } from '../lists';

/**
 * What an import declares to the pipeline (`uploads/index.ts`): its tables, row validation,
 * whole-file checks, commit statements and follow-up. Everything else is shared.
 */

export type UploadDeps = {
  db: Kysely<Database>;
  pool: pg.Pool;
  /** Needed by imports whose follow-up writes e-mails or documents (certificates). */
  config?: { publicUrl: string; mailFrom: string };
  /** Where a failed refresh of statistics after a commit is reported (it fails nothing). */
  log?: StatisticsLog;
};

/**
 * Table and column names of one import: every kind's tables have the same shape
 * (`uploadTableNames` and `uploadTablesSql` of its definition, tables-sql.ts).
 */
export type UploadTables = {
  uploads: string;
  chunks: string;
  progress: string;
  rows: string;
  /** Column of `uploads` set when the follow-up of a commit has finished. */
  followUpColumn: string;
};

export type RowOutcome =
  { reason: string; key: string | null } | { values: Record<string, unknown> };

export type BaseValidation = {
  rows: number;
  valid: number;
  invalid: number;
  toInsert: number;
  toUpdate: number;
  unchanged: number;
};

export type CommitBatch = {
  id: string;
  actor: Actor;
  mapping: UploadMapping;
  /** The audit reason of every change ("CSV upload members.csv"). */
  reasonText: string;
  /** The valid staged rows of this batch: `r.upload_id = … AND r.reason IS NULL AND r.line in (from, to]`. */
  inBatch: RawBuilder<unknown>;
  /** Whether validation saw any row that changes an existing record. */
  hasUpdates: boolean;
  /** How many valid staged rows the batch holds. */
  rows: number;
};

export type FollowUpReport = (
  phase: TUploadProgress['phase'],
  done: number,
  total: number,
) => Promise<void>;

export type UploadKind = {
  /** "member", "invoice": in messages. */
  noun: string;
  tables: UploadTables;
  /** The key column of the staging table (the record's number), unique within a file. */
  keyColumn: string;
  /** The key as people name it ("Membership number", "Invoice number"). */
  keyLabel: string;
  /** Staging columns a valid row fills (besides upload_id, line, reason, cells). */
  stagingColumns: readonly string[];
  /** Staging columns cleared when a whole-file check finds a row invalid (its new id). */
  clearedWhenInvalid: readonly string[];
  /** The result's key for the follow-up's end ("searchIndexedAt"). */
  resultFollowUpKey: string;
  maxBytes: number;
  guessMapping(header: readonly string[]): UploadMapping;
  mappingProblems(mapping: UploadMapping, columnCount: number): UploadMappingProblem[];
  /** Loads what row validation needs (lookups) and answers the validator of one row. */
  prepareRows(
    deps: UploadDeps,
    mapping: UploadMapping,
    newId: () => string,
  ): Promise<(cells: readonly string[]) => RowOutcome>;
  /** Whole-file checks over the staged rows, in the validation's transaction. */
  checkStaged(client: pg.PoolClient, id: string, mapping: UploadMapping): Promise<void>;
  /** What a commit would do now. */
  countStaged(client: pg.PoolClient, id: string, mapping: UploadMapping): Promise<BaseValidation>;
  /** Applies one batch of valid rows; answers counts that changed records (inserted, updated…). */
  commitBatch(trx: Transaction<Database>, batch: CommitBatch): Promise<Record<string, number>>;
  /** After every batch, in the same transaction: set-based consequences; answers result fields. */
  afterBatches?(
    trx: Transaction<Database>,
    context: { id: string; actor: Actor; reasonText: string },
  ): Promise<Record<string, unknown>>;
  /** Whether the committed upload needs the follow-up (always false: nothing to do). */
  needsFollowUp(context: { isBulk: boolean; counters: Record<string, number> }): boolean;
  /** The follow-up after a commit, in short transactions, reporting its progress. */
  followUp?(
    deps: UploadDeps,
    upload: { id: string; committedBy: string | null; isBulk: boolean },
    report: FollowUpReport,
  ): Promise<void>;
  /** The message of a unique violation during the commit (a number added meanwhile). */
  conflictMessage: string;
  /**
   * The tables a commit fills or changes in bulk, whose statistics are refreshed once it has
   * committed (the search index's after the follow-up has indexed a bulk commit).
   */
  analyzedTables: readonly (keyof Database & string)[];
  /** Rows between two full garbage collections while validating (default 10,000). */
  collectEveryRows?: number;
};
