import type { TUploadInvalidRows } from '@ops/contract';
import { sql } from 'kysely';
import { escapeFormula } from '../lib/spreadsheet-formulas';
import { csvQuote } from '../lib/csv';
import type { UploadDeps, UploadKind } from './kind';
import { findUpload, table } from './upload-record';

/** The rows a validation found invalid: a page of them, and the rejected-rows report. */

export async function listInvalidRows(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
  options: { after: number; limit: number },
): Promise<TUploadInvalidRows> {
  await findUpload(kind, deps.db, id);
  const { rows } = await sql<{ line: number; reason: string | null; cells: string[] | null }>`
    SELECT line, reason, cells FROM ${table(kind.tables.rows)}
     WHERE upload_id = ${id} AND reason IS NOT NULL AND line > ${options.after}
     ORDER BY line LIMIT ${options.limit + 1}`.execute(deps.db);
  const page = rows.slice(0, options.limit);
  return {
    data: page.map((row) => ({
      line: row.line,
      reason: row.reason ?? '',
      values: row.cells ?? [],
    })),
    nextAfter: rows.length > options.limit ? (page.at(-1)?.line ?? null) : null,
  };
}

/**
 * The rejected rows as CSV, for the person to fix and upload again: line, reason, then the
 * original columns, with the file's separator and a BOM so that Excel reads it as UTF-8. A cell
 * a spreadsheet would run as a formula gets a leading `'` (the uploaded file is anybody's); an
 * upload reads it back without it (`cellsByField`).
 */
export async function* rejectedRowsCsv(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
): AsyncGenerator<string> {
  const upload = await findUpload(kind, deps.db, id);
  const separator = upload.separator;
  const quote = (value: string) =>
    value.includes(separator) || /^\s|\s$/.test(value)
      ? `"${value.replaceAll('"', '""')}"`
      : csvQuote(value);
  const line = (values: readonly string[]) =>
    `${values.map((value) => (value === '' ? '' : quote(escapeFormula(value)))).join(separator)}\r\n`;
  yield `\uFEFF${line(['Line', 'Reason', ...upload.header])}`;
  let after = 0;
  for (;;) {
    const page = await listInvalidRows(kind, deps, id, { after, limit: 1_000 });
    let text = '';
    for (const row of page.data) text += line([String(row.line), row.reason, ...row.values]);
    if (text) yield text;
    if (page.nextAfter === null) return;
    after = page.nextAfter;
  }
}

/** The file name of the rejected rows' download. */
export async function rejectedRowsFileName(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
): Promise<string> {
  const upload = await findUpload(kind, deps.db, id);
  const base = upload.filename.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || kind.noun;
  return `${base}-rejected.csv`;
}
