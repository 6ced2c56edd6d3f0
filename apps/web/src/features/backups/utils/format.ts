/** A backup's size in decimal units, as `ls -h --si` and file managers show it: "1.4 GB". */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1_000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1_000;
  let unit = 0;
  while (value >= 1_000 && unit < units.length - 1) {
    value /= 1_000;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit] ?? 'TB'}`;
}

/** The first characters of a checksum, enough to tell backups apart at a glance. */
export function shortSha256(sha256: string | null): string {
  return sha256 ? sha256.slice(0, 12) : '—';
}

/**
 * The retention as typed: a whole number of days from 1 to 3,650, or the reason it is not
 * (the contract's rule, said before the request).
 */
export function parseRetentionDays(
  text: string,
  bounds: { min: number; max: number },
): { ok: true; days: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'Whole days, e.g. 14' };
  const days = Number(trimmed);
  if (days < bounds.min) return { ok: false, message: `At least ${bounds.min} day` };
  if (days > bounds.max) {
    return { ok: false, message: `At most ${bounds.max.toLocaleString('en')} days` };
  }
  return { ok: true, days };
}
