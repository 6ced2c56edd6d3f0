import type { TUploadView, UploadMapping, UploadMappingSource } from '@ops/contract';
import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import type { UploadDefinition } from './upload-definition';
import { assignColumn, columnName, formatBytes, separatorName } from './upload-steps';

/** The select's value for "a fixed value for every row" (column indexes are digits). */
const fixedOption = 'fixed';

/**
 * The mapping step: each field reads one column of the file (guessed from the header,
 * changeable), or a fixed value for every row when the file lacks it (e.g. Status = active).
 * The first rows of the file show what each choice reads.
 */
export function UploadMapping({
  definition,
  upload,
  isBusy,
  onValidate,
  onRestart,
}: {
  definition: UploadDefinition;
  upload: TUploadView;
  isBusy: boolean;
  onValidate: (mapping: UploadMapping) => void;
  onRestart: () => void;
}) {
  const [mapping, setMapping] = useState<UploadMapping>(upload.mapping);
  const problems = definition.mappingProblems(mapping, upload.header.length);
  const firstRow = upload.sample[0] ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <span className="font-medium">{upload.filename}</span> · {formatBytes(upload.byteSize)} ·{' '}
        {upload.encoding === 'utf-8' ? `UTF-8${upload.hasBom ? ' with BOM' : ''}` : 'Windows-1252'}{' '}
        · {separatorName(upload.separator)}-separated · {upload.header.length} columns
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Which column of the file each field reads</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {definition.fieldHeading}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Column of the file
            </th>
            <th scope="col" className="py-2 font-medium">
              First row reads
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {definition.fields.map((field) => {
            const column: UploadMappingSource | undefined = mapping[field];
            const isFixed = typeof column === 'object';
            const isRequired = definition.requiredFields.includes(field);
            const label = definition.fieldLabels[field] ?? field;
            const help = definition.fieldHelp?.[field];
            return (
              <tr key={field}>
                <th scope="row" className="py-1.5 pr-3 font-normal text-slate-800">
                  {label}
                  {isRequired ? (
                    <span className="ml-1 text-xs text-slate-500">(required)</span>
                  ) : null}
                  {help ? <span className="block text-xs text-slate-500">{help}</span> : null}
                </th>
                <td className="py-1.5 pr-3">
                  <div className="flex flex-col gap-1">
                    <select
                      aria-label={label}
                      value={column === undefined ? '' : isFixed ? fixedOption : String(column)}
                      disabled={isBusy}
                      onChange={(event) => {
                        const choice = event.target.value;
                        setMapping(
                          assignColumn(
                            mapping,
                            field,
                            choice === ''
                              ? null
                              : choice === fixedOption
                                ? { value: isFixed ? column.value : '' }
                                : Number(choice),
                          ),
                        );
                      }}
                      className={`w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 py-1 ${focusRing}`}
                    >
                      <option value="">
                        {isRequired ? '— choose a column —' : '— not imported —'}
                      </option>
                      {upload.header.map((_, index) => (
                        <option key={index} value={index}>
                          {columnName(upload.header, index)}
                        </option>
                      ))}
                      <option value={fixedOption}>Fixed value for every row…</option>
                    </select>
                    {isFixed ? (
                      <input
                        type="text"
                        aria-label={`Fixed value of ${label}`}
                        placeholder="Value for every row"
                        value={column.value}
                        disabled={isBusy}
                        onChange={(event) =>
                          setMapping(assignColumn(mapping, field, { value: event.target.value }))
                        }
                        className={`w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 py-1 ${focusRing}`}
                      />
                    ) : null}
                  </div>
                </td>
                <td className="max-w-[16rem] truncate py-1.5 text-slate-600">
                  {column === undefined ? '' : isFixed ? column.value : (firstRow[column] ?? '')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-slate-600">{definition.mappingNote}</p>
      {problems.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-red-800" aria-label="Mapping problems">
          {problems.map((problem) => (
            <li key={problem.field}>{problem.message}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          isBusy={isBusy}
          aria-disabled={problems.length > 0 || undefined}
          onClick={() => {
            if (problems.length === 0) onValidate(mapping);
          }}
        >
          {isBusy ? 'Validating…' : 'Validate rows'}
        </Button>
        <Button variant="secondary" onClick={onRestart} disabled={isBusy}>
          Choose another file
        </Button>
      </div>
    </div>
  );
}
