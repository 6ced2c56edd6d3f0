import type { TExchangeRateImportResult } from '@ops/contract/exchange-rates';
import { useId, useState } from 'react';
import { focusRing } from '@ops/ui/button';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useImportExchangeRates } from '../api/import-exchange-rates';

/** "Line 3: …" of a refused file's issues: each line with its reason, the rule in brackets. */
function refusedLines(error: Error): string[] {
  if (!isApiError(error) || !error.issues) return [];
  return error.issues
    .filter((issue) => issue.path.startsWith('body.line.'))
    .map((issue) => issue.message);
}

/**
 * What an import did: its counts, or why the file was refused (every bad line with its reason;
 * nothing was imported).
 */
export function ImportOutcome({
  fileName,
  result,
  error,
}: {
  fileName: string | null;
  result: TExchangeRateImportResult | undefined;
  error: Error | null;
}) {
  if (error) {
    const lines = refusedLines(error);
    return (
      <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
        <p className="font-medium">
          {fileName ? `${fileName}: ` : ''}
          {lines.length > 0 ? 'Nothing was imported.' : getErrorMessage(error)}
        </p>
        {lines.length > 0 ? (
          <ul aria-label="Rows to fix" className="mt-1 list-disc pl-5">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  if (!result) return null;
  return (
    <p role="status" className="text-sm text-emerald-800">
      {fileName ? `${fileName}: ` : ''}
      {result.inserted} new, {result.updated} changed, {result.unchanged} unchanged.
    </p>
  );
}

/**
 * "Import CSV": a file input sending the file as it is (header `currency,month,rate`, month
 * YYYY-MM, `,` or `;` separated); the result shows under it. `onStart` clears what the screen
 * said before.
 */
export function ImportRates({ onStart }: { onStart?: () => void }) {
  const importRates = useImportExchangeRates();
  const inputId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div>
        <label
          htmlFor={inputId}
          className={`inline-flex cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600 ${focusRing}`}
        >
          {importRates.isPending ? 'Importing…' : 'Import CSV'}
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={importRates.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setFileName(file.name);
              onStart?.();
              importRates.mutate(file);
            }}
          />
        </label>
        <span className="ml-2 text-xs text-slate-600">
          Header <code>currency,month,rate</code>; month YYYY-MM, e.g.{' '}
          <code>EUR,2026-05,0.9412</code>.
        </span>
      </div>
      <ImportOutcome fileName={fileName} result={importRates.data} error={importRates.error} />
    </div>
  );
}
