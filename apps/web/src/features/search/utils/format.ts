/** 1234567 → "1,234,567": counts read the same whatever the browser's language. */
export function formatCount(value: number): string {
  return value.toLocaleString('en');
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** An ISO time as "22 Nov 2026, 10:05" in the browser's time zone; "–" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat.format(time);
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
