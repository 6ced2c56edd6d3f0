import type { Unit } from './benchmark';

/** Kilobytes of 1,000 bytes: the stricter reading of a "150 KB" budget. */
export const bytesPerKb = 1_000;

export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '–';
  if (unit === 'bytes') return `${(value / bytesPerKb).toFixed(1)} KB`;
  if (value < 1_000) return `${Math.round(value)} ms`;
  if (value < 10_000) return `${(value / 1_000).toFixed(2)} s`;
  return `${(value / 1_000).toFixed(1)} s`;
}

export function formatTarget(value: number, unit: Unit): string {
  if (unit === 'bytes') return `≤ ${value / bytesPerKb} KB`;
  return value < 1_000 ? `≤ ${value} ms` : `≤ ${value / 1_000} s`;
}

export function formatDuration(ms: number): string {
  return formatValue(ms, 'ms');
}
