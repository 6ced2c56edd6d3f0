import { monthAbbreviations as months } from '@ops/contract/display-format';

/**
 * Times on the Jobs screen are read in Europe/Zurich, the zone every schedule is in, whatever
 * the browser's: "2 Jan 2027, 06:00".
 */
const zurichParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatZurichTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const parts: Record<string, string> = {};
  for (const part of zurichParts.formatToParts(time)) parts[part.type] = part.value;
  return `${Number(parts.day)} ${months[Number(parts.month) - 1] ?? ''} ${parts.year ?? ''}, ${parts.hour ?? ''}:${parts.minute ?? ''}`;
}

/** A run's duration: "850 ms", "12.4 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 3_600) {
    return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  }
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "expired: 3, sessions: 12": a run's result counts in one line (nested values as JSON). */
export function formatResult(result: Record<string, unknown> | null): string {
  if (!result) return '';
  return Object.entries(result)
    .filter(([key]) => !key.endsWith('Id'))
    .map(([key, value]) => {
      const text =
        typeof value === 'number'
          ? key === 'year'
            ? String(value)
            : value.toLocaleString('en')
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
      return `${key}: ${text}`;
    })
    .join(', ');
}
