import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 * By default it lets it grow up to four times when collections are cheap, so a large bank import
 * or dunning run, whose live data peaks near 110 MB, piled up some 200 MB of garbage before
 * collecting it: ~400 MB resident for a server whose budget is 300 MB. At 30 % the same import
 * peaks near 270 MB and is no slower. The price is more frequent full collections; they mark
 * concurrently, and the lists-100k walk (1,705 requests) kept its p50/p95 within the noise of
 * a shared machine while its own peak fell from ~330 to ~200 MB.
 */
export const heapGrowingPercent = 30;

/**
 * Applies `heapGrowingPercent` to this process, unless it was started with its own
 * `--heap-growing-percent` (node's command line or NODE_OPTIONS), which wins. V8 reads this flag
 * each time it sets the next collection's limit, so setting it once started takes effect.
 */
export function limitHeapGrowth(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((argument) =>
    /--heap[-_]growing[-_]percent/.test(argument),
  );
  if (!given) setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}
