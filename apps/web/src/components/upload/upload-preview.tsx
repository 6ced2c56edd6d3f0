import type { TUploadView, UploadMode } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { getErrorMessage } from '@ops/ui/error-message';
import { rejectedRowsHref, useInvalidRows } from '@/lib/api/uploads/get-invalid-rows';
import type { UploadDefinition } from './upload-definition';
import { columnName, describeValidation, formatCount, preselectedUploadMode } from './upload-steps';

/** The preview: what a commit would do, every invalid row with its line and reason, the commit. */
export function UploadPreview({
  definition,
  upload,
  isBusy,
  canCommit,
  onCommit,
  onRemap,
}: {
  definition: UploadDefinition;
  upload: TUploadView;
  isBusy: boolean;
  canCommit: boolean;
  onCommit: (mode: UploadMode) => void;
  onRemap: () => void;
}) {
  const validation = upload.validation;
  const hasInvalid = (validation?.invalid ?? 0) > 0;
  // Until the person chooses, the mode that can succeed with this validation is selected.
  const [chosenMode, setMode] = useState<UploadMode | null>(null);
  const rows = useInvalidRows(definition.api, upload.id, hasInvalid);
  if (!validation) return null;
  const mode = chosenMode ?? preselectedUploadMode(validation);
  const invalidRows = rows.data?.pages.flatMap((page) => page.data) ?? [];
  const canRun = validation.valid > 0 && !(mode === 'all-or-nothing' && hasInvalid);
  const extra = definition.describeValidationExtra?.(validation);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-800" data-testid="upload-summary">
        {describeValidation(validation)}
      </p>
      {extra ? <p className="text-sm text-slate-700">{extra}</p> : null}
      {hasInvalid ? (
        <section aria-label="Invalid rows" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {formatCount(validation.invalid)} invalid {validation.invalid === 1 ? 'row' : 'rows'}
            </h3>
            <a
              href={rejectedRowsHref(definition.api, upload.id)}
              download
              className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
            >
              Download the invalid rows (CSV)
            </a>
          </div>
          {rows.isError ? <ErrorCard message={getErrorMessage(rows.error)} /> : null}
          <div className="max-h-96 overflow-auto rounded-md border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Reason
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Row as read
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {invalidRows.map((row) => (
                  <tr key={row.line} className="align-top">
                    <td className="px-3 py-1.5 tabular-nums text-slate-800">{row.line}</td>
                    <td className="px-3 py-1.5 text-red-800">{row.reason}</td>
                    <td
                      className="max-w-md truncate px-3 py-1.5 text-slate-600"
                      title={row.values
                        .map((value, index) => `${columnName(upload.header, index)}: ${value}`)
                        .join('\n')}
                    >
                      {row.values.join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-start"
              isBusy={rows.isFetchingNextPage}
              onClick={() => void rows.fetchNextPage()}
            >
              {rows.isFetchingNextPage ? 'Loading…' : 'Show more invalid rows'}
            </Button>
          ) : null}
        </section>
      ) : (
        <p className="text-sm text-emerald-800">Every row is valid.</p>
      )}
      {canCommit ? (
        <fieldset className="flex flex-col gap-2 text-sm" disabled={isBusy}>
          <legend className="mb-1 font-semibold text-slate-900">Commit</legend>
          {(
            [
              [
                'all-or-nothing',
                'All or nothing',
                <>
                  — commit only if every row is valid
                  {hasInvalid ? ' (not possible: fix the invalid rows first)' : ''}
                </>,
              ],
              [
                'valid-only',
                'Valid rows only',
                <>
                  — commit the {formatCount(validation.valid)} valid rows and leave the invalid ones
                  out
                </>,
              ],
            ] as const
          ).map(([choice, title, detail]) => (
            <label key={choice} className="flex items-start gap-2">
              <input
                type="radio"
                name="upload-mode"
                checked={mode === choice}
                onChange={() => setMode(choice)}
                className="mt-1"
              />
              <span>
                {title} <span className="text-slate-600">{detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">
          Your operator roles do not allow {definition.permissionNoun}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {canCommit ? (
          <Button
            isBusy={isBusy}
            aria-disabled={!canRun || undefined}
            onClick={() => {
              if (canRun) onCommit(mode);
            }}
          >
            {isBusy
              ? 'Committing…'
              : commitLabel(mode === 'valid-only' ? validation.valid : validation.rows)}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onRemap} disabled={isBusy}>
          Change the mapping
        </Button>
      </div>
    </div>
  );
}

/** "Commit 1 row", "Commit 1,200 rows". */
function commitLabel(rows: number): string {
  return `Commit ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`;
}
