import type { TFieldIssue } from '@ops/contract';
import type { TExchangeRateImportResult } from '@ops/contract/exchange-rates';
import { ApiError } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { exchangeRateQueryKeys } from './query-keys';

/**
 * Sends a rates CSV file as the request body (text/csv), as the import route takes it; the
 * JSON client (`apiRequest`) sends only JSON. Rejects with the API's error, whose issues name
 * each bad line.
 */
export async function importExchangeRates(file: File): Promise<TExchangeRateImportResult> {
  const response = await fetch('/api/exchange-rates/import', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'text/csv' },
    body: file,
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok && body !== undefined) return body as TExchangeRateImportResult;
  const error = (body as { error?: { code?: string; message?: string; issues?: TFieldIssue[] } })
    ?.error;
  throw new ApiError(
    error?.code ?? 'unknown',
    response.status === 413
      ? `${file.name}: the file is larger than the server accepts (1 MB).`
      : (error?.message ?? `The server answered ${response.status} ${response.statusText}`.trim()),
    response.status,
    error?.issues,
  );
}

/** The import: the list shows the new rates at once. */
export function useImportExchangeRates() {
  return useInvalidatingMutation({
    mutationFn: importExchangeRates,
    invalidates: () => [exchangeRateQueryKeys.all],
  });
}
