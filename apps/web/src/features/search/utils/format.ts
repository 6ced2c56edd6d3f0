import { formatCount, formatDateTime as formatMoment } from '@ops/ui/format';

// Counts and times as on every screen (components/detail/format.ts, the one formatter).
export { formatCount };

/** An ISO time as "22 Nov 2026, 10:05"; "–" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatMoment(iso) : '–';
}

/** 850 → "850 ms", 3240 → "3.2 s", 125000 → "2 min 5 s". */
export function formatDurationMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** "412,000 of 1,000,000 documents" */
export function formatProgress(processed: number, total: number): string {
  return `${formatCount(processed)} of ${formatCount(total)} documents`;
}
