/**
 * The console's one chart (issue 18: the home dashboard's trends and the reports), drawn by uPlot.
 *
 * Why uPlot: the issue asks for a maintained library with only the parts used, loaded by the
 * dashboard and the reports alone. Measured for bars and a line over a categorical axis,
 * gzipped: uPlot 1.6.32 about 23 KB; ECharts built with only its bar and line charts (and the
 * grid, tooltip and legend they need) about 201 KB; Observable Plot (with its d3 parts) about
 * 142 KB. Our chart chunk, uPlot and these components, builds to about 26 KB. uPlot draws on a
 * canvas, fast enough for a year of days in a line, and leaves the legend, tooltip text and
 * keyboard to us, which we need in our own words anyway. This module (and so uPlot and its
 * CSS) is imported only by the reports and home screens, which are lazy chunks: never by the
 * sign-in bundle (its 150 KB budget, `sign-in-js` in the bench).
 *
 * Accessibility: the figure is named by `title` (its caption), focusable, and the arrow keys move a
 * point cursor whose value is announced (Enter selects it, as a click does); `ChartFigure` puts the
 * same numbers beside it as a table, the text alternative. Colours are Okabe & Ito's palette and
 * lines differ by dash too (`chart-geometry.ts`).
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useId, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import {
  colourOf,
  dashOf,
  formatPlain,
  groupedBarLeft,
  groupedBarWidth,
  movePoint,
  pointX,
  seriesAt,
  stackOf,
} from './chart-geometry';
import { scheduleChartDraw } from './draw-queue';

/** One series; the key `other` (the rest, folded together) is drawn in grey. */
export type ChartSeries = { key: string; label: string; values: (number | null)[] };

export type ChartProps = {
  /** The accessible name (aria-label of the figure) and the visible caption. */
  title: string;
  kind: 'bar' | 'stacked-bar' | 'line';
  /** The x axis' labels, one per value index. */
  categories: string[];
  series: ChartSeries[];
  /** Axis ticks and tooltip values (default: "12,950"). */
  formatValue?: (value: number) => string;
  /** In CSS pixels, axes included; default 220. */
  height?: number;
  /** Drill-down: a click on a bar or point, or Enter on the keyboard cursor. */
  onSelect?: (point: { index: number; seriesKey: string }) => void;
};

export const defaultChartHeight = 220;

type Point = { index: number; seriesIndex: number };

const axisColour = '#475569'; // slate-600: 7:1 on white
const gridColour = '#e2e8f0'; // slate-200
const axisFont = '12px ui-sans-serif, system-ui, sans-serif';

/** Tick steps of the categorical axis: whole categories only. */
const categoryIncrements = [1, 2, 3, 4, 5, 6, 7, 10, 12, 14, 15, 20, 25, 30, 50, 60, 100, 200, 500];
/** Tick steps of a value axis whose values are all whole numbers (no "0.5 members"). */
const wholeIncrements = Array.from({ length: 16 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

/** A y axis wide enough for its longest tick label ("CHF 1,250,000"), as uPlot's demos measure it. */
function axisSizeOf(
  self: uPlot,
  values: string[] | null,
  axisIndex: number,
  cycle: number,
): number {
  const axis = self.axes[axisIndex];
  const ticks = axis?.ticks?.size ?? 10;
  if (cycle > 1 && axis && typeof axis.size === 'number') return axis.size;
  const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  self.ctx.font = axisFont;
  const width = longest === '' ? 0 : self.ctx.measureText(longest).width / devicePixelRatio;
  return Math.ceil(ticks + (axis?.gap ?? 5) + width + 4);
}

/**
 * The value axis' labels: round ticks of money need no cents ("CHF 50,000" rather than
 * "CHF 50,000.00", which leaves a phone's plot no room). Only when every tick ends in zeros.
 */
export function axisLabels(labels: string[]): string[] {
  const zeros = /\.0+$/;
  return labels.length > 0 && labels.every((label) => zeros.test(label))
    ? labels.map((label) => label.replace(zeros, ''))
    : labels;
}

/** What the keyboard cursor's point says, for the live region and the tooltip's first line. */
function describePoint(props: ChartProps, point: Point, format: (value: number) => string): string {
  const series = props.series[point.seriesIndex];
  const category = props.categories[point.index] ?? '';
  if (!series) return category;
  const value = series.values[point.index] ?? null;
  return `${category}, ${series.label}: ${value === null ? 'no value' : format(value)}`;
}

/**
 * A bar, stacked-bar or line chart over categories, drawn after mount (one chart per animation
 * frame, so a dashboard of charts never makes a long task) and redrawn to its container's width.
 */
export function Chart(props: ChartProps): JSX.Element {
  const { title, kind, categories, series, height = defaultChartHeight } = props;
  const plotHost = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // The latest callbacks, read when they are called: a new function each render must not
  // rebuild the chart.
  const propsRef = useRef(props);
  useEffect(() => {
    propsRef.current = props;
  });
  const activePoint = useRef<Point | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [isDrawn, setIsDrawn] = useState(false);
  const hintId = useId();

  // Rebuilt only when what is drawn changes, not when a parent re-renders with equal data.
  const shapeKey = useMemo(
    () => JSON.stringify({ kind, categories, series, height }),
    [kind, categories, series, height],
  );

  useEffect(() => {
    const host = plotHost.current;
    if (!host) return;
    const format = (value: number) => (propsRef.current.formatValue ?? formatPlain)(value);
    const seriesValues = series.map((one) => one.values);
    const stack = kind === 'stacked-bar' ? stackOf(seriesValues) : null;
    const isWhole = seriesValues.every((values) =>
      values.every((value) => value === null || Number.isInteger(value)),
    );
    const categoryCount = categories.length;
    const longestCategory = categories.reduce((a, b) => (b.length > a.length ? b : a), '');
    const barsBuilder = uPlot.paths.bars;

    const seriesOptions: uPlot.Series[] = series.map((one, seriesIndex) => {
      const colour = colourOf(seriesIndex, one.key);
      if (kind === 'line')
        return {
          label: one.label,
          stroke: colour,
          width: 2,
          dash: [...dashOf(seriesIndex)],
          points: { show: categoryCount <= 24, size: 5, fill: colour },
          spanGaps: false,
        };
      const disp: uPlot.Series.BarsPathBuilderDisplay =
        kind === 'bar' && series.length > 1
          ? {
              // Grouped: each series' bar at its own offset within the category's width.
              x0: {
                unit: 1,
                values: () =>
                  categories.map((_, index) => groupedBarLeft(index, seriesIndex, series.length)),
              },
              size: { unit: 1, values: () => [groupedBarWidth(series.length)] },
            }
          : stack
            ? {
                // Stacked: each segment from the series below it to its own top.
                y0: { unit: 1, values: () => stack.bases[seriesIndex] ?? [] },
                y1: { unit: 1, values: () => stack.tops[seriesIndex] ?? [] },
              }
            : {};
      return {
        label: one.label,
        fill: colour,
        stroke: colour,
        width: 0,
        points: { show: false },
        paths: barsBuilder?.({ size: [0.8, 120], gap: 1, disp }),
      };
    });

    // The y scale must reach the top of each stack, so the stacked series carry their tops.
    const yData = stack ? stack.tops : seriesValues;
    const data: uPlot.AlignedData = [categories.map((_, index) => index), ...yData];

    const options: uPlot.Options = {
      width: Math.max(120, host.clientWidth || 600),
      height,
      legend: { show: false },
      cursor: {
        drag: { x: false, y: false, setScale: false },
        points: { show: kind === 'line' },
      },
      scales: {
        x: { time: false, range: () => [-0.5, Math.max(0, categoryCount - 1) + 0.5] },
        y: {
          range: (_self, min, max) => {
            const low = Math.min(0, min ?? 0);
            const high = Math.max(0, max ?? 0);
            return high === low ? [low, low + 1] : [low, high + (high - low) * 0.05];
          },
        },
      },
      axes: [
        {
          stroke: axisColour,
          font: axisFont,
          grid: { show: false },
          ticks: { stroke: gridColour },
          space: Math.min(160, Math.max(32, longestCategory.length * 7 + 12)),
          incrs: categoryIncrements,
          splits: (_self, _axis, _min, _max, increment) => {
            const step = Math.max(1, Math.round(increment));
            const splits: number[] = [];
            for (let index = 0; index < categoryCount; index += step) splits.push(index);
            return splits;
          },
          values: (_self, splits) => splits.map((split) => categories[split] ?? ''),
        },
        {
          stroke: axisColour,
          font: axisFont,
          grid: { stroke: gridColour, width: 1 },
          ticks: { show: false },
          ...(isWhole ? { incrs: wholeIncrements } : {}),
          size: axisSizeOf,
          values: (_self, splits) => axisLabels(splits.map((split) => format(split))),
        },
      ],
      series: [{}, ...seriesOptions],
      hooks: {
        setCursor: [(self) => showTooltip(self)],
      },
    };

    const tooltip = document.createElement('div');
    tooltip.className =
      'pointer-events-none absolute z-10 hidden rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800 shadow-sm';
    tooltip.setAttribute('aria-hidden', 'true');

    /** The series the mouse is over in category `index`, or the keyboard cursor's series. */
    function hoveredSeries(self: uPlot, index: number): number | null {
      const active = activePoint.current;
      if (active && active.index === index) return active.seriesIndex;
      const { left, top } = self.cursor;
      if (left == null || top == null || left < 0) return null;
      return seriesAt(kind, seriesValues, index, self.posToVal(left, 'x'), self.posToVal(top, 'y'));
    }

    // The values of the category under the cursor, the pointed series in bold. Built with text
    // nodes: labels come from data.
    function showTooltip(self: uPlot) {
      const index = self.cursor.idx;
      const { left, top } = self.cursor;
      if (index == null || left == null || top == null || left < 0) {
        tooltip.classList.add('hidden');
        return;
      }
      const current = hoveredSeries(self, index);
      tooltip.replaceChildren();
      const heading = document.createElement('div');
      heading.className = 'font-semibold';
      heading.textContent = categories[index] ?? '';
      tooltip.append(heading);
      series.forEach((one, seriesIndex) => {
        const line = document.createElement('div');
        line.className = seriesIndex === current ? 'font-semibold' : '';
        const swatch = document.createElement('span');
        swatch.className = 'mr-1 inline-block h-2 w-2 align-middle';
        swatch.style.background = colourOf(seriesIndex, one.key);
        const value = one.values[index] ?? null;
        line.append(swatch, `${one.label}: ${value === null ? '–' : format(value)}`);
        tooltip.append(line);
      });
      tooltip.classList.remove('hidden');
      const plotWidth = self.over.clientWidth;
      // Beside the cursor, flipped to its left in the right half of the plot.
      const isRightHalf = left > plotWidth / 2;
      tooltip.style.left = isRightHalf ? '' : `${left + 12}px`;
      tooltip.style.right = isRightHalf ? `${plotWidth - left + 12}px` : '';
      tooltip.style.top = `${Math.max(0, Math.min(top, self.over.clientHeight - 40))}px`;
    }

    function onClick() {
      const self = plotRef.current;
      const onSelect = propsRef.current.onSelect;
      if (!self || !onSelect) return;
      const index = self.cursor.idx;
      if (index == null) return;
      const seriesIndex = hoveredSeries(self, index);
      const key = seriesIndex === null ? undefined : series[seriesIndex]?.key;
      if (key !== undefined) onSelect({ index, seriesKey: key });
    }

    let plot: uPlot | null = null;
    const cancelDraw = scheduleChartDraw(() => {
      plot = new uPlot(options, data, host);
      plotRef.current = plot;
      plot.over.append(tooltip);
      plot.over.addEventListener('click', onClick);
      if (propsRef.current.onSelect) plot.over.style.cursor = 'pointer';
      setIsDrawn(true);
    });

    // Follow the container's width (the sidebar folding, a window resized, print).
    let lastWidth = host.clientWidth;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const width = Math.floor(entries[0]?.contentRect.width ?? 0);
            if (!plot || width <= 0 || width === lastWidth) return;
            lastWidth = width;
            plot.setSize({ width, height });
          });
    observer?.observe(host);

    return () => {
      cancelDraw();
      observer?.disconnect();
      plotRef.current = null;
      plot?.destroy();
      setIsDrawn(false);
    };
    // shapeKey stands for kind, categories, series and height (compared by value).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shapeKey]);

  /** Moves the uPlot cursor onto a point, so the tooltip shows it as the mouse would. */
  function showPoint(point: Point) {
    const plot = plotRef.current;
    activePoint.current = point;
    const format = props.formatValue ?? formatPlain;
    setAnnouncement(describePoint(props, point, format));
    if (!plot) return;
    const values = series[point.seriesIndex]?.values ?? [];
    const value = values[point.index] ?? 0;
    const y =
      kind === 'stacked-bar'
        ? (stackOf(series.map((one) => one.values)).tops[point.seriesIndex]?.[point.index] ?? 0)
        : value;
    plot.setCursor({
      left: plot.valToPos(pointX(kind, point.index, point.seriesIndex, series.length), 'x'),
      top: plot.valToPos(y, 'y'),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (categories.length === 0 || series.length === 0) return;
    const current = activePoint.current ?? { index: 0, seriesIndex: 0 };
    if (event.key === 'Enter' || event.key === ' ') {
      const key = series[current.seriesIndex]?.key;
      if (!activePoint.current) showPoint(current);
      else if (
        props.onSelect &&
        key !== undefined &&
        series[current.seriesIndex]?.values[current.index] != null
      )
        props.onSelect({ index: current.index, seriesKey: key });
      event.preventDefault();
      return;
    }
    const next = activePoint.current
      ? movePoint(current, event.key, categories.length, series.length)
      : event.key.startsWith('Arrow')
        ? current
        : null;
    if (!next) return;
    event.preventDefault();
    showPoint(next);
  }

  function onBlur() {
    activePoint.current = null;
    setAnnouncement('');
    plotRef.current?.setCursor({ left: -10, top: -10 });
  }

  return (
    <figure
      aria-label={title}
      aria-describedby={hintId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      data-chart-state={isDrawn ? 'drawn' : 'pending'}
      className="chart m-0 flex flex-col gap-2 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
    >
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      <ChartLegend kind={kind} series={series} />
      {/* On paper the canvas shrinks to the page's width (no resize event comes before print). */}
      <div
        ref={plotHost}
        className="relative w-full print:overflow-hidden print:[&_.u-wrap]:h-auto! print:[&_.u-wrap]:w-auto! print:[&_canvas]:h-auto! print:[&_canvas]:max-w-full!"
        style={{ minHeight: height }}
      />
      <p id={hintId} className="sr-only">
        {props.onSelect
          ? 'Arrow keys move between values; Enter opens the records behind a value.'
          : 'Arrow keys move between values.'}
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </figure>
  );
}

/** The series' names with their colour (and dash, for lines): uPlot's own legend is off. */
function ChartLegend({ kind, series }: Pick<ChartProps, 'kind' | 'series'>) {
  if (series.length <= 1 && kind !== 'line') return null;
  return (
    <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-xs text-slate-700">
      {series.map((one, seriesIndex) => (
        <li key={one.key} className="flex items-center gap-1.5">
          <svg width="20" height="10" aria-hidden="true" className="shrink-0">
            {kind === 'line' ? (
              <line
                x1="0"
                y1="5"
                x2="20"
                y2="5"
                stroke={colourOf(seriesIndex, one.key)}
                strokeWidth="2"
                strokeDasharray={dashOf(seriesIndex).join(' ') || undefined}
              />
            ) : (
              <rect x="5" y="0" width="10" height="10" fill={colourOf(seriesIndex, one.key)} />
            )}
          </svg>
          {one.label}
        </li>
      ))}
    </ul>
  );
}
