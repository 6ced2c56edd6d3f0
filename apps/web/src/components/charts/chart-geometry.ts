/**
 * The arithmetic of the charts, apart from uPlot and the DOM so that it can be tested on its own:
 * the colours, where each bar of a group sits, the stacks, and which series a pointer is over.
 * The x axis is categorical: category `i` is drawn at x = i, the scale running from -0.5 to
 * n - 0.5, so every category owns one unit of width.
 */

/**
 * Okabe & Ito's colour-blind-safe palette ("Color Universal Design", 2008), in the order the
 * series take them. Yellow (#F0E442) and sky blue come last: they are the weakest against white.
 * Lines differ by dash as well (`seriesDashes`), so two lines never rely on colour alone.
 */
export const seriesColours = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#D55E00', // vermillion
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#000000', // black
  '#F0E442', // yellow
] as const;

/** Dash patterns of the lines (canvas `setLineDash`, CSS pixels), by series. */
export const seriesDashes: readonly (readonly number[])[] = [
  [],
  [8, 4],
  [2, 3],
  [12, 4, 2, 4],
  [4, 4],
  [12, 6],
  [2, 6],
  [8, 3, 2, 3, 2, 3],
];

/**
 * The series keyed `other` (the rest, folded together: "Other countries") is grey, so that it
 * reads as the background of the named series rather than as one more of them.
 */
export const otherSeriesKey = 'other';
export const otherColour = '#999999';

export function colourOf(seriesIndex: number, seriesKey?: string): string {
  if (seriesKey === otherSeriesKey) return otherColour;
  return seriesColours[seriesIndex % seriesColours.length] ?? seriesColours[0];
}

export function dashOf(seriesIndex: number): readonly number[] {
  return seriesDashes[seriesIndex % seriesDashes.length] ?? [];
}

/** The share of a category's width that its bars fill (the rest is the gap between groups). */
export const groupWidth = 0.8;

/** Grouped bars: the left edge (x units) of series `seriesIndex`'s bar in category `index`. */
export function groupedBarLeft(index: number, seriesIndex: number, seriesCount: number): number {
  return index - groupWidth / 2 + (seriesIndex * groupWidth) / Math.max(1, seriesCount);
}

/** Grouped bars: the width (x units) of one bar. */
export function groupedBarWidth(seriesCount: number): number {
  return groupWidth / Math.max(1, seriesCount);
}

/** The centre (x units) of a series' bar or point in category `index`, for the keyboard cursor. */
export function pointX(
  kind: 'bar' | 'stacked-bar' | 'line',
  index: number,
  seriesIndex: number,
  seriesCount: number,
): number {
  if (kind !== 'bar' || seriesCount <= 1) return index;
  return groupedBarLeft(index, seriesIndex, seriesCount) + groupedBarWidth(seriesCount) / 2;
}

/**
 * Stacked bars: for each series its base and top per category (a missing value adds nothing).
 * Values below zero are drawn from zero down, apart from the stack, so they never hide a segment.
 */
export function stackOf(series: readonly (readonly (number | null)[])[]): {
  bases: (number | null)[][];
  tops: (number | null)[][];
} {
  const length = Math.max(0, ...series.map((values) => values.length));
  const running = Array.from({ length }, () => 0);
  const bases: (number | null)[][] = [];
  const tops: (number | null)[][] = [];
  for (const values of series) {
    const base: (number | null)[] = [];
    const top: (number | null)[] = [];
    for (let index = 0; index < length; index++) {
      const value = values[index] ?? null;
      if (value === null) {
        base.push(null);
        top.push(null);
      } else if (value < 0) {
        base.push(0);
        top.push(value);
      } else {
        const start = running[index] ?? 0;
        base.push(start);
        top.push(start + value);
        running[index] = start + value;
      }
    }
    bases.push(base);
    tops.push(top);
  }
  return { bases, tops };
}

/**
 * Which series a pointer at (x, y) in data units points at, in category `index`: the bar under it
 * (grouped: by x within the group; stacked: the segment holding y), or the line closest to y.
 * Null when the category has no value at all.
 */
export function seriesAt(
  kind: 'bar' | 'stacked-bar' | 'line',
  series: readonly (readonly (number | null)[])[],
  index: number,
  x: number,
  y: number,
): number | null {
  const present = series
    .map((values, seriesIndex) => ({ seriesIndex, value: values[index] ?? null }))
    .filter((entry): entry is { seriesIndex: number; value: number } => entry.value !== null);
  if (present.length === 0) return null;

  if (kind === 'bar') {
    const slot = Math.floor((x - (index - groupWidth / 2)) / groupedBarWidth(series.length));
    const seriesIndex = Math.min(series.length - 1, Math.max(0, slot));
    if (series[seriesIndex]?.[index] != null) return seriesIndex;
    // A gap (no value) in the group: the nearest series that has one.
    return nearestBy(present, (entry) => Math.abs(entry.seriesIndex - seriesIndex));
  }

  if (kind === 'stacked-bar') {
    const { bases, tops } = stackOf(series);
    for (const { seriesIndex } of present) {
      const base = bases[seriesIndex]?.[index] ?? 0;
      const top = tops[seriesIndex]?.[index] ?? 0;
      if (y >= Math.min(base, top) && y <= Math.max(base, top)) return seriesIndex;
    }
    // Above the stack (or in a zero-height segment's place): the topmost segment.
    return nearestBy(present, (entry) => Math.abs((tops[entry.seriesIndex]?.[index] ?? 0) - y));
  }

  return nearestBy(present, (entry) => Math.abs(entry.value - y));
}

function nearestBy<T extends { seriesIndex: number }>(
  entries: readonly T[],
  distance: (entry: T) => number,
): number | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const entry of entries) {
    const d = distance(entry);
    if (d < bestDistance) {
      best = entry;
      bestDistance = d;
    }
  }
  return best?.seriesIndex ?? null;
}

/** The next point of the keyboard cursor: arrows move along categories and across series. */
export function movePoint(
  point: { index: number; seriesIndex: number },
  key: string,
  categoryCount: number,
  seriesCount: number,
): { index: number; seriesIndex: number } | null {
  const last = Math.max(0, categoryCount - 1);
  const lastSeries = Math.max(0, seriesCount - 1);
  switch (key) {
    case 'ArrowRight':
      return { ...point, index: Math.min(last, point.index + 1) };
    case 'ArrowLeft':
      return { ...point, index: Math.max(0, point.index - 1) };
    case 'ArrowUp':
      return { ...point, seriesIndex: Math.min(lastSeries, point.seriesIndex + 1) };
    case 'ArrowDown':
      return { ...point, seriesIndex: Math.max(0, point.seriesIndex - 1) };
    case 'Home':
      return { ...point, index: 0 };
    case 'End':
      return { ...point, index: last };
    default:
      return null;
  }
}

/** The default number format of the axis and the tooltip: "12,950", "0.5". */
export function formatPlain(value: number): string {
  return plainFormat.format(value);
}

const plainFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
