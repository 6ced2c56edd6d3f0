import type { JSX } from 'react';
import { Link } from 'react-router';
import type { ChartProps } from './chart';
import { formatPlain } from './chart-geometry';

export type ChartPoint = { index: number; seriesKey: string };

export type ChartTableProps = Pick<
  ChartProps,
  'title' | 'categories' | 'series' | 'formatValue' | 'onSelect'
> & {
  /** The header of the categories' column (default "Category"). */
  categoryHeader?: string;
  /**
   * A cell's drill-down as a URL: the cell is then a link (it opens in a new tab too). Without
   * it, a cell with `onSelect` is a button.
   */
  hrefOf?: (point: ChartPoint) => string | undefined;
};

const actionClass =
  'text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

/**
 * A chart's numbers as a table, its text alternative: a row per category, a column per series,
 * each value formatted as the chart formats it and, with a drill-down, a way into its records.
 */
export function ChartTable({
  title,
  categories,
  series,
  formatValue = formatPlain,
  onSelect,
  categoryHeader = 'Category',
  hrefOf,
  isScrollable = true,
}: ChartTableProps & {
  /**
   * Scroll sideways when wider than its place: a focusable region then, so that a keyboard can
   * scroll it (axe: scrollable-region-focusable). Off while the table is folded away (visually
   * hidden), where a scroll box would be a 1-pixel region and an invisible tab stop.
   */
  isScrollable?: boolean;
}): JSX.Element {
  return (
    <div
      className={isScrollable ? 'overflow-x-auto' : undefined}
      {...(isScrollable ? { role: 'region', 'aria-label': title, tabIndex: 0 } : {})}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              {categoryHeader}
            </th>
            {series.map((one) => (
              <th key={one.key} scope="col" className="py-1 pr-3 text-right font-medium">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((category, index) => (
            <tr key={`${category}-${index}`} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                {category}
              </th>
              {series.map((one) => {
                const value = one.values[index] ?? null;
                const point = { index, seriesKey: one.key };
                const text = value === null ? '–' : formatValue(value);
                const href = value === null ? undefined : hrefOf?.(point);
                return (
                  <td key={one.key} className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">
                    {href !== undefined ? (
                      <Link className={actionClass} to={href}>
                        {text}
                      </Link>
                    ) : value !== null && onSelect ? (
                      <button
                        type="button"
                        className={`${actionClass} cursor-pointer tabular-nums`}
                        aria-label={`${text}: ${one.label}, ${category}`}
                        onClick={() => onSelect(point)}
                      >
                        {text}
                      </button>
                    ) : (
                      text
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
