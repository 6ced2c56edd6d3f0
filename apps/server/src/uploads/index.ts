/**
 * The CSV import pipeline every upload runs (members, invoices), by stage:
 *
 * - `store.ts`: the file streams into the database in chunks (`upload-file.ts` detects its
 *   encoding and separator and reads it back as CSV records);
 * - `validate.ts`: the file read back through the mapping, each row checked with the import's
 *   zod schema and COPYed into the import's UNLOGGED staging table (`staging.ts`), then
 *   set-based checks over the staged rows (duplicates in the file, then the import's own);
 *   `invalid-rows.ts` lists the rows found invalid and writes the rejected-rows report;
 * - `commit.ts`: the valid rows applied in batches of SQL inside one transaction, with
 *   progress written outside it;
 * - `follow-up.ts`: a bulk commit hands its slow follow-up (search index, certificates…) to
 *   short transactions right after, with progress too.
 *
 * The upload's own row (status, progress) is `upload-record.ts`, its view `view.ts`, and the
 * routes are the same for every import (`routes.ts`). An import declares its tables
 * (`uploadTablesSql` in its migration, `tables-sql.ts`), row validation and commit statements
 * as an `UploadKind` (`kind.ts`); everything else lives here.
 */
export type {
  BaseValidation,
  CommitBatch,
  FollowUpReport,
  RowOutcome,
  UploadDeps,
  UploadKind,
  UploadTables,
} from './kind';
export { commitUpload, changedPart, jsonOf } from './commit';
// The kinds' `countStaged`: what a commit would do, counted alike.
export { countStagedRows } from './count-staged';
export {
  indexStagedLines,
  inTransactionIndexRows,
  lastStagedLine,
  uploadFollowUpsSettled,
} from './follow-up';
export { idGenerator } from './ids';
export { listInvalidRows, rejectedRowsCsv, rejectedRowsFileName } from './invalid-rows';
export {
  cellsByField,
  compiledRowSchema,
  mappedFileColumns,
  schemaReasons,
  withoutNul,
} from './rows';
export { uploadRoutes, type UploadRoutesOptions } from './routes';
export { createUpload } from './store';
export { uploadTableNames, uploadTablesSql, type UploadTablesDefinition } from './tables-sql';
export { validateUpload } from './validate';
export { getUpload } from './view';
